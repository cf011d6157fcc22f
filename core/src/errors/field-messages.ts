/**
 * The catalogue's texts for a request field that does not pass its schema (a 400 `validation_failed` names each
 * field in `fields`, and its reason in `fieldReasons`; docs/architecture.md "Errors"). Each is said beside its
 * field, so none names the field. Group `fields` of the catalogue of refusals (refusals.ts).
 */
export const FIELD_MESSAGES = {
  required: 'This field is required.',
  tooShort: 'Must be at least {{min}} characters long.',
  tooLong: 'Must be at most {{max}} characters long.',
  tooSmall: 'Must be at least {{min}}.',
  tooBig: 'Must be at most {{max}}.',
  notAboveMin: 'Must be more than {{min}}.',
  notBelowMax: 'Must be less than {{max}}.',
  tooFew: 'Give at least {{min}}.',
  tooMany: 'Give at most {{max}}.',
  notEmail: 'Must be an email address.',
  notDate: 'Must be a date.',
  badFormat: 'Is not in the expected form.',
  notOneOf: 'Must be one of: {{options}}.',
  wrongType: 'Has a value of the wrong type.',
  unknownFields: 'Not a field of this request: {{keys}}.',
  invalid: 'Is not valid.',
} as const;
