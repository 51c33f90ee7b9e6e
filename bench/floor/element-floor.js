// What any element of the kit ships before its own code: Lit, @lit/task and the
// data layer. The minimal element of floor.js fetching through the shared loader.
import { Task } from '@lit/task';
import { getLoader } from './data-layer.js';
import './floor.js';

export const floor = { Task, getLoader };
