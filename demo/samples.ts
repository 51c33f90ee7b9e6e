/**
 * Attributes that make each element show real data on the reference API (its
 * data are the same on every run), from each widget's about.ts: the embed
 * builder starts from them, and the tests place every element with them.
 */
import { catalog } from '../src/registry.js';

export const SAMPLE_ATTRIBUTES: Readonly<Record<string, Readonly<Record<string, string>>>> =
  Object.fromEntries(catalog.map((entry) => [entry.widget.tag, entry.about.sample]));
