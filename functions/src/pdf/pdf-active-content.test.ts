import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { findActiveContent } from './pdf-active-content.js';

async function pdf(
  change: (doc: PDFDocument) => void | Promise<void> = () => undefined,
  useObjectStreams = false,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  await change(doc);
  return doc.save({ useObjectStreams });
}

function openActionScript(doc: PDFDocument): void {
  const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
}

describe('findActiveContent', () => {
  it('finds nothing in a plain document, nor in one that opens at a page view', async () => {
    expect(findActiveContent(await pdf())).toEqual([]);
    const withView = await pdf((doc) => {
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj([doc.getPage(0).ref, 'Fit']));
    });
    expect(findActiveContent(withView)).toEqual([]);
  });

  it('finds an OpenAction that runs JavaScript, also inside a compressed object stream', async () => {
    expect(findActiveContent(await pdf(openActionScript))).toEqual(['JS', 'JavaScript']);
    expect(findActiveContent(await pdf(openActionScript, true))).toEqual(['JS', 'JavaScript']);
  });

  it('reads names written with #xx escapes', async () => {
    const bytes = new TextEncoder().encode(
      '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /OpenAction << /S /J#61vaScript /J#53 (x) >> >>\nendobj\n%%EOF\n',
    );
    expect(findActiveContent(bytes)).toEqual(['JS', 'JavaScript']);
  });

  it('finds a launch action in additional actions and an embedded file', async () => {
    const launch = await pdf((doc) => {
      const action = doc.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') });
      doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: action }));
    });
    expect(findActiveContent(launch)).toEqual(['Launch']);
    const attached = await pdf((doc) => doc.attach(new Uint8Array([1, 2, 3]), 'x.bin', { mimeType: 'text/plain' }));
    expect(findActiveContent(attached)).toEqual(expect.arrayContaining(['EmbeddedFile', 'EmbeddedFiles']));
  });

  it('does not read names out of stream data', async () => {
    const noisy = await pdf((doc) => {
      doc.context.register(doc.context.stream(new TextEncoder().encode('/JS /JavaScript /Launch')));
    });
    expect(findActiveContent(noisy)).toEqual([]);
  });
});
