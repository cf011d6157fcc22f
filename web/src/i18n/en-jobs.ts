/**
 * The one progress component's texts: the stage the server reports for a claim, a decision or
 * the public generator's decision, the place in the queue, and the estimate from measured durations.
 */
export const enJobProgress = {
  waiting: 'Waiting to start…',
  queued: 'Waiting for model capacity — {{position}} in line, about {{wait}}',
  nextInLine: 'Waiting for model capacity — next in line, about {{wait}}',
  capacityChapter:
    'Waiting for model capacity before chapter {{current}} of {{total}} — {{position}} in line, about {{wait}}',
  capacityNextChapter:
    'Waiting for model capacity before chapter {{current}} of {{total}} — next in line, about {{wait}}',
  capacityOneChapter: 'Waiting for model capacity before chapter {{number}} — {{position}} in line, about {{wait}}',
  capacityNextOneChapter: 'Waiting for model capacity before chapter {{number}} — next in line, about {{wait}}',
  capacity: 'Waiting for model capacity — {{position}} in line, about {{wait}}',
  capacityNext: 'Waiting for model capacity — next in line, about {{wait}}',
  starting: 'Starting…',
  extracting: 'Extracting text from the documents…',
  ocr: 'Reading scanned pages {{done}}/{{total}} ({{fileName}})',
  draftingChapter: 'Writing chapter {{current}} of {{total}}…',
  draftingOneChapter: 'Writing chapter {{number}}…',
  drafting: 'The language model is writing the draft…',
  citations: 'Checking the citations against the documents…',
  rendering: 'Rendering the PDF…',
  completed: 'Done',
  uploading: 'Uploading documents… {{percent}}%',
  estimate: 'About {{wait}} left',
  overdue: 'Taking longer than usual…',
  elapsed: 'Running for {{time}}',
  waitSeconds_one: '{{count}} second',
  waitSeconds_other: '{{count}} seconds',
  waitMinutes_one: '{{count}} minute',
  waitMinutes_other: '{{count}} minutes',
  place_ordinal_one: '{{count}}st',
  place_ordinal_two: '{{count}}nd',
  place_ordinal_few: '{{count}}rd',
  place_ordinal_other: '{{count}}th',
};
