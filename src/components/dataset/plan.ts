/** What <khountous-dataset> loads, from its inputs (the element and the early start). */
import { RULES } from '../../internal/attribute-rules.js';
import { identifier } from '../../internal/attributes.js';
import { text, type Plan, type Selection } from '../../internal/plan.js';

export interface DatasetSelection extends Selection {
  id: string;
}

export const datasetPlan: Plan<DatasetSelection> = {
  select: (owner, read, base) => ({
    ...base,
    id: identifier(owner, 'dataset-id', text(read('dataset-id')), RULES.datasetId),
  }),
  // The JSON form, preview or not: the preview reads its rows from it.
  resource: ({ id }) => ({ kind: 'dataset', id }),
};
