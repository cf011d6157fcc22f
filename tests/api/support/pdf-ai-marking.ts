import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF's AI marking as an independent reader (pdf.js) finds it: the XMP packet and the Info dictionary. */
export interface ReadAiMarking {
  /** The raw XMP packet. */
  xmp: string;
  /** Iptc4xmpExt:DigitalSourceType */
  digitalSourceType: string | undefined;
  /** rai:* properties by name; sequences as arrays. */
  rai: Record<string, string | string[]>;
  info: { Subject?: string; Keywords?: string; Creator?: string; Producer?: string; Custom?: Record<string, string> };
}

export async function readAiMarking(bytes: Uint8Array): Promise<ReadAiMarking> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false });
  const pdf = await task.promise;
  try {
    const { info, metadata } = await pdf.getMetadata();
    const xmp = metadata?.getRaw() ?? '';
    const rai: Record<string, string | string[]> = {};
    for (const match of xmp.matchAll(/<rai:(\w+)>([\s\S]*?)<\/rai:\1>/g)) {
      const items = [...match[2]!.matchAll(/<rdf:li>([\s\S]*?)<\/rdf:li>/g)].map((li) => unescape(li[1]!));
      rai[match[1]!] = match[2]!.includes('rdf:Seq') ? items : unescape(match[2]!);
    }
    for (const match of xmp.matchAll(/<rai:(\w+)\/>/g)) rai[match[1]!] = '';
    for (const match of xmp.matchAll(/<rai:(\w+)><rdf:Seq\/><\/rai:\1>/g)) rai[match[1]!] = [];
    return {
      xmp,
      digitalSourceType: /<Iptc4xmpExt:DigitalSourceType>([^<]*)</.exec(xmp)?.[1],
      rai,
      info: info as ReadAiMarking['info'],
    };
  } finally {
    await task.destroy();
  }
}

function unescape(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
