/**
 * The catalogue's texts for a request the host cannot take as it came (docs/architecture.md "Errors"): an address
 * with nothing at it or not taking the method, and a body that is not what the route reads — not JSON, not a
 * form, cut off, or with a form field over its limit. Group `requests` of the catalogue of refusals
 * (refusals.ts); a body over the route's limit is `general.requestTooLarge` with the limit as `limitBytes`.
 */
export const REQUEST_MESSAGES = {
  /** 404 `route_not_found` for an address no route serves, and `not_found` for a path id of the wrong shape. */
  noRoute: 'There is nothing at this address.',
  /** 405 `method_not_allowed`: `method` as sent, `allow` the methods the path takes ("GET, POST"), also in Allow. */
  methodNotAllowed: 'This address does not take {{method}} requests. Use: {{allow}}.',
  pathInvalid: 'The request path is not valid.',
  /** 400 `malformed_json`. */
  notJson: 'The request body is not valid JSON.',
  /** 400: a body sent with another content type to a route that reads JSON. */
  jsonOnly: 'The request body must be JSON (Content-Type: application/json).',
  /** 415 `unsupported_media_type`: a route that reads files got no multipart form; `field` names the file part. */
  formOnly: 'Send the files as multipart/form-data, one part named "{{field}}" per file.',
  formUnreadable: 'The upload could not be read as multipart/form-data. Please try again.',
  formInterrupted: 'The upload was interrupted. Please try again.',
  /** A form's text field over the bytes its route reads of it. */
  formFieldTooLong: 'The form field "{{name}}" is longer than its limit of {{limitBytes}}.',
} as const;
