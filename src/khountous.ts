/** Script-tag entry: registers every element of the kit. */
import './components/ranking/define.js';
import './components/admin-card/define.js';
import './components/report/define.js';
import './components/region-stats/define.js';
import './components/reports/define.js';
import './components/fact-checks/define.js';
import './components/dataset/define.js';

export * from './index.js';
