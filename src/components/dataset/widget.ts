/** <khountous-dataset>: one open dataset, /datasets/{id} (its JSON form, which the preview reads). */
import { RULES } from '../../attributes/rules.js';
import { HEADING_INPUTS, widget } from '../../widget/descriptor.js';
import { boxHeight } from '../../widget/box.js';

export const dataset = widget({
  tag: 'khountous-dataset',
  inputs: {
    ...HEADING_INPUTS,
    'dataset-id': { rule: RULES.datasetId, identifies: true, initial: '' },
    preview: { rule: RULES.preview, display: true, initial: null },
    series: { rule: RULES.series, display: true, initial: '' },
  },
  resource: ({ datasetId }) => ({ kind: 'dataset', id: datasetId }),
  // Measured with the reference API's datasets (box.ts): its description and its files.
  box: (_read, width) => boxHeight([21.7, 16.1, 12.7, 11.2], width),
});
