import { describe, expect, it } from 'vitest';
import { auditLogQuerySchema, tenantBodySchema, userBodySchema } from './admin-schemas.js';

describe('tenantBodySchema', () => {
  it('trims, lower-cases the domain and a GUID directory id, and drops a blank description', () => {
    expect(
      tenantBodySchema.parse({
        name: ' Esimerkki Oy ',
        domain: ' Esimerkki.FI ',
        azureTenantId: ' 3F2B8C1E-9A4D-4F6B-8C2E-1D5A7B9E0F12 ',
        description: '  ',
      }),
    ).toEqual({
      name: 'Esimerkki Oy',
      domain: 'esimerkki.fi',
      azureTenantId: '3f2b8c1e-9a4d-4f6b-8c2e-1d5a7b9e0f12',
      description: undefined,
      isActive: undefined,
    });
  });

  it('keeps a directory id that is not a GUID as typed', () => {
    expect(tenantBodySchema.parse({ name: 'A', domain: 'a.fi', azureTenantId: 'Local' }).azureTenantId).toBe('Local');
  });

  it('refuses control characters in a name', () => {
    const result = tenantBodySchema.safeParse({ name: 'A\u0007B', domain: 'a.fi', azureTenantId: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Name must not contain control characters.');
  });
});

describe('userBodySchema', () => {
  it('trims the texts and collapses repeated roles', () => {
    expect(
      userBodySchema.parse({
        userName: ' maija ',
        email: ' maija@example.fi ',
        tenantId: ' t1 ',
        roles: ['User', 'User'],
      }),
    ).toEqual({ userName: 'maija', email: 'maija@example.fi', tenantId: 't1', roles: ['User'], isActive: undefined });
  });
});

describe('auditLogQuerySchema', () => {
  it('defaults to the first page of 10', () => {
    expect(auditLogQuerySchema.parse({})).toEqual({
      action: undefined,
      userId: undefined,
      startDate: undefined,
      endDate: undefined,
      page: 1,
      pageSize: 10,
    });
  });

  it('reads a date as a whole UTC day, and a time without a zone as UTC', () => {
    const query = auditLogQuerySchema.parse({ startDate: '2026-03-02', endDate: '2026-03-02' });
    expect(query.startDate?.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(query.endDate?.toISOString()).toBe('2026-03-03T00:00:00.000Z');
    const instants = auditLogQuerySchema.parse({ startDate: '2026-03-02T10:15', endDate: '2026-03-02T12:30:00+02:00' });
    expect(instants.startDate?.toISOString()).toBe('2026-03-02T10:15:00.000Z');
    expect(instants.endDate?.toISOString()).toBe('2026-03-02T10:30:00.000Z');
  });

  it('refuses an impossible date and a range that ends before it starts', () => {
    expect(auditLogQuerySchema.safeParse({ startDate: '2026-02-30T25:00' }).success).toBe(false);
    expect(auditLogQuerySchema.safeParse({ endDate: '2026-02-30' }).success).toBe(false);
    const backwards = auditLogQuerySchema.safeParse({ startDate: '2026-03-03', endDate: '2026-03-01' });
    expect(backwards.error?.issues[0]?.message).toBe('startDate must be before endDate.');
  });
});
