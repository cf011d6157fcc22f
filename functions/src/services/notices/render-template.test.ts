import { readFileSync } from 'node:fs';
import { NOTICE_EVENTS } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import { NOTICE_TEMPLATES } from './notice-templates.js';
import { fill, renderTemplate, type NoticeTemplate } from './render-template.js';

const facts = { caseName: 'Toimitus\n viive', caseNumber: 'RAT-2027-000001', link: 'http://localhost/case/1' };

const template: NoticeTemplate<{ who: string; until?: string }> = {
  to: 'the other party',
  values: (p) => ({ who: p.who, until: p.until }),
  variant: (p) => (p.until ? 'dated' : 'plain'),
  texts: {
    plain: {
      en: { subject: '{{prefix}}: {{who}}', lines: ['{{who}} wrote in {{caseRef}}.'] },
      fi: { subject: '{{prefix}}: {{who}}', lines: ['{{who}} kirjoitti asiassa {{caseRef}}.'], action: 'Avatkaa:' },
    },
    dated: {
      en: {
        subject: 'Ratkaisu case {{caseNumber}}',
        lines: ['{{who}} wrote.', { if: 'until', lines: ['', 'Answer by {{until}}.'] }],
        summary: 'Answer by {{until}}.',
      },
      fi: { subject: 'x', lines: ['{{missing}}'] },
    },
  },
};

describe('the notice renderer', () => {
  it('frames every mail alike: greeting, lines, the line to the link, the link, the signature', () => {
    const en = renderTemplate(template, 'en', { ...facts, who: 'Maija' });
    expect(en.subject).toBe('Ratkaisu case "Toimitus viive" (RAT-2027-000001): Maija');
    expect(en.text).toBe(
      'Hello,\n\nMaija wrote in "Toimitus viive" (RAT-2027-000001).\nhttp://localhost/case/1\n\nRatkaisu',
    );
    expect(en.summary).toBe('Maija wrote in "Toimitus viive" (RAT-2027-000001).');
    const fi = renderTemplate(template, 'fi', { ...facts, who: 'Maija' });
    expect(fi.subject).toBe('Ratkaisu, asia "Toimitus viive" (RAT-2027-000001): Maija');
    expect(fi.text).toBe(
      'Hei,\n\nMaija kirjoitti asiassa "Toimitus viive" (RAT-2027-000001).\nAvatkaa:\nhttp://localhost/case/1\n\nRatkaisu',
    );
  });

  it('shows the lines under `if` only with their value, and never fills a value’s own braces', () => {
    const dated = renderTemplate(template, 'en', { ...facts, who: '{{until}}', until: '9.12.2026' });
    expect(dated.text).toContain('{{until}} wrote.\n\nAnswer by 9.12.2026.\n');
    expect(dated.summary).toBe('Answer by 9.12.2026.');
    expect(fill('{{a}}{{b}}', { a: '{{b}}', b: 'x' })).toBe('{{b}}x');
  });

  it('refuses a text that names a value its entry does not give', () => {
    expect(() => renderTemplate(template, 'fi', { ...facts, who: 'M', until: '9.12.2026' })).toThrow('{{missing}}');
  });
});

describe('the notice tables', () => {
  it('have an entry for every event, each naming its recipients as docs/notices.md’s table does', () => {
    const doc = readFileSync(new URL('../../../../docs/notices.md', import.meta.url), 'utf8');
    for (const event of NOTICE_EVENTS) {
      const entry = NOTICE_TEMPLATES[event];
      const row = doc.split('\n').find((line) => line.startsWith('|') && line.includes(`\`${event}\``));
      expect(row, `docs/notices.md's row for ${event}`).toBeDefined();
      expect(row, event).toContain(`| ${entry.to} |`);
      for (const texts of Object.values(entry.texts)) {
        expect(Object.keys(texts).sort(), event).toEqual(['en', 'fi']);
      }
    }
  });
});
