import type { AwardView } from '@ratkaisu/core';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../functions/src/ports/clock.js';
import type { AuditDocument } from '../../functions/src/records/audit-document.js';
import { apiClient } from './support/api-client.js';
import { useTestHost } from './support/use-test-host.js';
import { tribunalCases } from './support/tribunal-case.js';

/**
 * The tribunal's review of a draft, chapter by chapter, through the real local host and the offline model:
 * the chapter graph marks the chapters written from an edited one stale; each member's
 * opening of a chapter is recorded once per change and audited, the share of the AI's text the tribunal
 * changed is measured, and writing a chapter from blank is one recorded act.
 */

const clock: Clock = { now: () => new Date() };
const api = apiClient(() => host, clock);
const { call, json } = api;

const host = useTestHost();

const { draftForSoleArbitrator } = tribunalCases(api, () => host, clock);

describe('reviewing a draft chapter by chapter', () => {
  it('marks dependants stale, records opens once, measures the change, writes from blank, and notes it all at adoption', async () => {
    const { c, id, awardId, arbitrator } = await draftForSoleArbitrator();
    const path = `/api/dispute/${id}/award/${awardId}`;
    const view = async () => (await json<{ data: AwardView }>(await call('GET', path, arbitrator.token), 200)).data;
    const post = (action: string, chapter: number, token = arbitrator.token, body?: unknown) =>
      call('POST', `${path}/chapters/${chapter}/${action}`, token, body);
    const reviewOf = (award: AwardView, chapter: number) => award.chapterReview![chapter - 1]!;

    const first = await view();
    expect(first.chapterReview).toHaveLength(7);
    expect(first.chapterReview!.map((entry) => entry.dependsOn)).toEqual([[], [], [], [], [1, 2, 3, 4], [5], [5, 6]]);
    expect(first.chapterReview!.every((entry) => entry.staleBecause.length === 0 && entry.changedShare === 0)).toBe(
      true,
    );
    expect(first.chapterReview!.every((entry) => entry.openedBy.length === 0)).toBe(true);

    // Chapter 3 (the grounds) is edited: 5 is written from it, 6 and 7 through 5 — all three are stale.
    const chapters = first.chapters.map((chapter, index) =>
      index === 2 ? { ...chapter, text: `${chapter.text}\n\nVastaaja vetoaa lisäksi vanhentumiseen.` } : chapter,
    );
    const saved = (
      await json<{ data: AwardView }>(await call('PUT', path, arbitrator.token, { baseVersion: 1, chapters }), 200)
    ).data;
    expect(saved.chapterReview!.map((entry) => entry.staleBecause)).toEqual([[], [], [], [], [3], [3], [3]]);
    expect(reviewOf(saved, 3).changedAt).toBe(2);
    expect(reviewOf(saved, 3).changedShare).toBeGreaterThan(0);
    expect(reviewOf(saved, 3).changedShare).toBeLessThan(0.5);

    // Opening: recorded once per member and change, audited once; a party cannot open the draft.
    const opened = (await json<{ data: AwardView }>(await post('open', 5), 200)).data;
    expect(reviewOf(opened, 5).openedBy).toEqual([
      expect.objectContaining({ userId: arbitrator.user.id, name: 'OTT Maija Virtanen', version: 2 }),
    ]);
    expect(reviewOf((await json<{ data: AwardView }>(await post('open', 5), 200)).data, 5).openedBy).toHaveLength(1);
    await json(await post('open', 5, c.claimant.token), 404);
    await json(await post('open', 8), 404);

    // Kept as it is: 5 is up to date; 6 is still stale (from 3 and now from 5's confirmation).
    await json(await post('keep', 5, arbitrator.token, { baseVersion: 1 }), 409);
    const kept = (await json<{ data: AwardView }>(await post('keep', 5, arbitrator.token, { baseVersion: 2 }), 200))
      .data;
    expect(kept.version).toBe(2);
    expect(reviewOf(kept, 5).staleBecause).toEqual([]);
    expect(reviewOf(kept, 5).openedBy).toHaveLength(1);
    expect(reviewOf(kept, 6).staleBecause).toEqual([3, 5]);

    // From blank: one act, a new version with the chapter empty, all of its text changed, recorded.
    const stale = await post('blank', 6, arbitrator.token, { baseVersion: 1 });
    expect((await json<{ message: string; current: AwardView }>(stale, 409)).current.version).toBe(2);
    const blank = (await json<{ data: AwardView }>(await post('blank', 6, arbitrator.token, { baseVersion: 2 }), 200))
      .data;
    expect(blank.version).toBe(3);
    expect(blank.chapters[5]).toEqual({ heading: first.chapters[5]!.heading, text: '' });
    expect(blank.versions.at(-1)).toMatchObject({ version: 3, source: 'tribunal' });
    expect(reviewOf(blank, 6)).toMatchObject({
      changedAt: 3,
      staleBecause: [],
      changedShare: 1,
      writtenFromBlank: expect.objectContaining({ userId: arbitrator.user.id, version: 3 }),
    });
    expect(reviewOf(blank, 7).staleBecause).toEqual([3, 5, 6]);
    // Blanking it counts as opening it; opening it again records nothing new.
    expect(reviewOf(blank, 6).openedBy).toEqual([expect.objectContaining({ version: 3 })]);
    const reopened = (await json<{ data: AwardView }>(await post('open', 6), 200)).data;
    expect(reviewOf(reopened, 6).openedBy).toHaveLength(1);

    // Adoption records which chapters no member opened and which were stale.
    const dispositive = { orders: [{ kind: 'dismissal', text: 'Kanne hylätään.', references: [] }] };
    const withOrders = (
      await json<{ data: AwardView }>(
        await call('PUT', path, arbitrator.token, {
          baseVersion: 3,
          chapters: reopened.chapters.map((chapter, index) =>
            index === 5 ? { ...chapter, text: 'Välimiesoikeuden oma perustelu [K1 s.1].' } : chapter,
          ),
          dispositive,
        }),
        200,
      )
    ).data;
    // Whoever edits, keeps or blanks a chapter has opened it in the version that makes.
    expect(reviewOf(withOrders, 6).openedBy).toEqual([expect.objectContaining({ version: 4 })]);
    expect(reviewOf(withOrders, 3).openedBy).toEqual([expect.objectContaining({ version: 2 })]);
    await api.readyToAdopt(id, c.claimant.token, c.respondent.token, arbitrator.token);
    await json(
      await call('POST', `${path}/adopt`, arbitrator.token, { version: withOrders.version, confirmMismatches: true }),
      200,
    );
    await json(await post('open', 1), 409);

    const audit = await host.deps.store
      .collection<AuditDocument>('audit')
      .query({ where: [{ field: 'entityId', op: '=', value: id }], limit: 200 });
    const reviews = audit.items.filter((entry) => entry.action === 'ReviewAwardChapter').map((entry) => entry.details);
    expect(reviews).toHaveLength(3);
    expect(reviews).toEqual(
      expect.arrayContaining([
        expect.stringContaining('chapter 5 opened by OTT Maija Virtanen'),
        expect.stringContaining('chapter 5 kept as it is by OTT Maija Virtanen after chapters 3'),
        expect.stringContaining('chapter 6 written from blank by OTT Maija Virtanen'),
      ]),
    );
    const adoption = audit.items.find((entry) => entry.action === 'AdoptAward')!.details ?? '';
    expect(adoption).toContain('chapters no member opened: 1, 2, 4, 7');
    expect(adoption).toContain('stale chapters: 7'); // 6 was written anew after 3 and 5 changed
  });
});
