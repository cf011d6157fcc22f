import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ActiveContentScanner, findActiveContent } from './pdf-active-content.js';

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
    expect(await findActiveContent(await pdf())).toEqual([]);
    const withView = await pdf((doc) => {
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj([doc.getPage(0).ref, 'Fit']));
    });
    expect(await findActiveContent(withView)).toEqual([]);
  });

  it('finds an OpenAction that runs JavaScript, also inside a compressed object stream', async () => {
    expect(await findActiveContent(await pdf(openActionScript))).toEqual(['JS', 'JavaScript']);
    expect(await findActiveContent(await pdf(openActionScript, true))).toEqual(['JS', 'JavaScript']);
  });

  it('reads names written with #xx escapes', async () => {
    const bytes = new TextEncoder().encode(
      '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /OpenAction << /S /J#61vaScript /J#53 (x) >> >>\nendobj\n%%EOF\n',
    );
    expect(await findActiveContent(bytes)).toEqual(['JS', 'JavaScript']);
  });

  it('finds a launch action in additional actions and an embedded file', async () => {
    const launch = await pdf((doc) => {
      const action = doc.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') });
      doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: action }));
    });
    expect(await findActiveContent(launch)).toEqual(['Launch']);
    const attached = await pdf((doc) => doc.attach(new Uint8Array([1, 2, 3]), 'x.bin', { mimeType: 'text/plain' }));
    expect(await findActiveContent(attached)).toEqual(expect.arrayContaining(['EmbeddedFile', 'EmbeddedFiles']));
  });

  it('does not read names out of stream data', async () => {
    const noisy = await pdf((doc) => {
      doc.context.register(doc.context.stream(new TextEncoder().encode('/JS /JavaScript /Launch')));
    });
    expect(await findActiveContent(noisy)).toEqual([]);
  });

  it('finds the same in a file that arrives in chunks of any size, names and headers cut between them', async () => {
    const samples = [
      await pdf(openActionScript),
      await pdf(openActionScript, true),
      await pdf((doc) => {
        doc.context.register(doc.context.stream(new TextEncoder().encode('/JS /JavaScript /Launch')));
        const action = doc.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') });
        doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: action }));
      }),
    ];
    for (const bytes of samples) {
      const whole = await findActiveContent(bytes);
      expect(whole.length).toBeGreaterThan(0);
      for (const size of [1, 2, 7, 64, 1000]) {
        const scanner = new ActiveContentScanner();
        for (let at = 0; at < bytes.length; at += size) scanner.push(bytes.subarray(at, at + size));
        expect(await scanner.finish()).toEqual(whole);
      }
    }
  });

  it('reads the objects after a stream whose /Length runs past its endstream, or that never ends', async () => {
    const tooLong = new TextEncoder().encode(
      '%PDF-1.7\n1 0 obj\n<< /Length 5000 >>\nstream\nxyz\nendstream\nendobj\n' +
        '2 0 obj\n<< /S /JavaScript /JS (app.alert(1)) >>\nendobj\n%%EOF\n',
    );
    expect(await findActiveContent(tooLong)).toEqual(['JS', 'JavaScript']);
    const unending = new TextEncoder().encode(
      '%PDF-1.7\n1 0 obj\n<< >>\nstream\nxyz\n2 0 obj\n<< /S /Launch >>\nendobj\n%%EOF\n',
    );
    expect(await findActiveContent(unending)).toEqual(['Launch']);
  });
});
