/**
 * The tribunal's routes answer `{ data: … }`; the older dispute routes answer the value itself. Both are
 * read, so a server that settles on either shape works.
 */
export function unwrapData<T>(answer: unknown): T {
  if (answer && typeof answer === 'object' && !Array.isArray(answer) && 'data' in answer) {
    if (Object.keys(answer).length === 1) return (answer as { data: T }).data;
  }
  return answer as T;
}
