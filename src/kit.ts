/** Every element of the kit, registered: what the script-tag entry imports after its early start. */
import './components/ranking/define.js';
import './components/admin-card/define.js';
import './components/report/define.js';
import './components/region-stats/define.js';
import './components/reports/define.js';
import './components/fact-checks/define.js';
import './components/dataset/define.js';
