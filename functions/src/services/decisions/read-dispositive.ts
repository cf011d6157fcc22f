import { dispositivePartSchema, type DispositivePart } from '@ratkaisu/core';

const JSON_BLOCK = /```json\s*\n([\s\S]*?)\n?```\s*$/iu;

/**
 * The dispositive part from the fenced ```json block at the end of an
 * answer (`whole`: or the answer itself as JSON), validated; the text
 * without the block.
 */
export function readDispositive(
  answer: string,
  whole = false,
): { text: string; part?: DispositivePart; problem: string } {
  const trimmed = answer.trimEnd();
  const block = JSON_BLOCK.exec(trimmed);
  const text = block ? trimmed.slice(0, block.index).trimEnd() : answer;
  const json = block?.[1] ?? (whole ? trimmed : undefined);
  if (json === undefined) return { text, problem: 'no ```json block at the end' };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { text, problem: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = dispositivePartSchema.safeParse(value);
  if (!parsed.success) {
    return {
      text,
      problem: parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || 'root'}: ${issue.message}`)
        .join('; '),
    };
  }
  return { text, part: parsed.data, problem: '' };
}
