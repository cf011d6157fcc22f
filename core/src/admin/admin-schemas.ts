import { z } from 'zod';

/** The roles an account can hold (docs/product.md section 6); the user form offers exactly these. */
export const USER_ROLES = ['User', 'Admin', 'SuperAdmin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Upper bounds on what the tenant and user forms accept. */
export const ADMIN_TEXT_LIMITS = {
  tenantName: 200,
  domain: 253,
  azureTenantId: 100,
  description: 1000,
  userName: 100,
  email: 320,
  id: 100,
} as const;

/** Registration's minimum (docs/product.md section 9); an administrator's user form follows the same rule. */
export const MIN_USER_NAME_LENGTH = 3;

/**
 * The tenant and user forms' own field texts, catalogued under `admin` (core refusals.ts) so that a form says them
 * in the user's language before sending as after; the other problems take the catalogue's `fields` texts.
 */
export const ADMIN_FIELD_MESSAGES = {
  userNameTooShort: `User name must be at least ${MIN_USER_NAME_LENGTH} characters.`,
  emailInvalid: 'Email must be a valid email address.',
  domainInvalid: 'Domain must be a domain name such as example.fi.',
  chooseRole: 'Choose a role.',
} as const;

// Deliberately simple: one @, no spaces or angle brackets, a dot in the domain.
const EMAIL_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
// Labels of letters, digits and inner hyphens, at least two of them: "example.fi", "legal.example.com".
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Control characters have no place in a name or an address and would only confuse logs and exports.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** A text field that must hold something once trimmed (docs/product.md section 5: "required after trimming"). */
function requiredText(label: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input == null ? `${label} is required.` : `${label} must be text.`) })
    .trim()
    .min(1, { error: `${label} is required.`, abort: true })
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `${label} must not contain control characters.`);
}

const isActiveField = z.boolean({ error: 'isActive must be true or false.' }).optional();

/**
 * The body of `POST /api/superadmin/tenants` and `PUT /api/superadmin/tenants/{id}`
 * (docs/product.md sections 5 and 7). Name, domain and azureTenantId are required after
 * trimming; a blank description is none. A directory id shaped like a GUID is
 * lower-cased, because work-account sign-in looks tenants up by the token's
 * lower-case `tid`. `isActive` is optional: a new tenant is active, an edit
 * keeps the current state unless it says otherwise.
 */
export const tenantBodySchema = z.object(
  {
    name: requiredText('Name', ADMIN_TEXT_LIMITS.tenantName),
    domain: requiredText('Domain', ADMIN_TEXT_LIMITS.domain)
      .refine((value) => DOMAIN_PATTERN.test(value), ADMIN_FIELD_MESSAGES.domainInvalid)
      .transform((value) => value.toLowerCase()),
    azureTenantId: requiredText('Azure tenant ID', ADMIN_TEXT_LIMITS.azureTenantId).transform((value) =>
      GUID_PATTERN.test(value) ? value.toLowerCase() : value,
    ),
    description: z
      .string({ error: 'Description must be text.' })
      .trim()
      .max(ADMIN_TEXT_LIMITS.description, `Description must be at most ${ADMIN_TEXT_LIMITS.description} characters.`)
      .nullish()
      .transform((value) => (value ? value : undefined)),
    isActive: isActiveField,
  },
  { error: 'The tenant must be a JSON object.' },
);

export type TenantBodyInput = z.input<typeof tenantBodySchema>;
export type TenantBody = z.output<typeof tenantBodySchema>;

const roleSchema = z.enum(USER_ROLES, { error: 'Each role must be User, Admin or SuperAdmin.' });

/**
 * The body of `POST /api/superadmin/users` and `PUT /api/superadmin/users/{id}`
 * (docs/product.md sections 5 and 7): userName, email, tenantId and at least one role.
 * Repeated roles collapse into one. `isActive` is optional as for tenants.
 */
export const userBodySchema = z.object(
  {
    userName: requiredText('User name', ADMIN_TEXT_LIMITS.userName).refine(
      (value) => value.length >= MIN_USER_NAME_LENGTH,
      ADMIN_FIELD_MESSAGES.userNameTooShort,
    ),
    email: requiredText('Email', ADMIN_TEXT_LIMITS.email).refine(
      (value) => EMAIL_PATTERN.test(value),
      ADMIN_FIELD_MESSAGES.emailInvalid,
    ),
    tenantId: requiredText('Tenant', ADMIN_TEXT_LIMITS.id),
    roles: z
      .array(roleSchema, {
        error: (issue) => (issue.input == null ? ADMIN_FIELD_MESSAGES.chooseRole : 'roles must be a list.'),
      })
      .min(1, ADMIN_FIELD_MESSAGES.chooseRole)
      .transform((roles) => [...new Set(roles)]),
    isActive: isActiveField,
    /** The account's language for mails and notices; absent = the administrator's own language. */
    language: z.enum(['en', 'fi'], { error: 'language must be "en" or "fi".' }).optional(),
  },
  { error: 'The user must be a JSON object.' },
);

export type UserBodyInput = z.input<typeof userBodySchema>;
export type UserBody = z.output<typeof userBodySchema>;

/** Audit page size (docs/product.md section 9: default 10) and the largest page one request may ask for. */
export const AUDIT_PAGE_SIZE_DEFAULT = 10;
export const AUDIT_PAGE_SIZE_MAX = 100;

/** A query-string number: absent or blank is the default; anything else must be a whole number in range. */
function wholeNumber(label: string, fallback: number, min: number, max: number) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const parsed = Number(value);
      if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a whole number from ${min} to ${max}.` });
        return z.NEVER;
      }
      return parsed;
    });
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * A date filter bound as an instant. A date alone (`2026-03-02`, what a date
 * input sends) means that day in UTC: a start date from its first moment, an
 * end date through its last, so a range of one day finds that day's entries.
 * A time without a zone is UTC (docs/product.md section 7: naive times are UTC).
 */
function dateBound(label: string, edge: 'start' | 'end') {
  return z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      let instant: number;
      if (DATE_ONLY.test(value)) {
        instant = Date.parse(`${value}T00:00:00.000Z`);
        // Date.parse rolls 30 February over into March; a date must name a real day.
        if (!Number.isNaN(instant) && new Date(instant).toISOString().slice(0, 10) !== value) instant = Number.NaN;
        if (edge === 'end' && !Number.isNaN(instant)) instant += 24 * 3600 * 1000;
      } else if (DATE_TIME.test(value)) {
        instant = Date.parse(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`);
      } else {
        instant = Number.NaN;
      }
      if (Number.isNaN(instant)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a date (YYYY-MM-DD) or an ISO 8601 date and time.` });
        return z.NEVER;
      }
      return new Date(instant);
    });
}

const optionalFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * The query string of `GET /api/superadmin/security-logs` and its export:
 * action, userId, startDate, endDate, page and pageSize. `startDate` is
 * inclusive; `endDate` is exclusive as an instant and inclusive as a date.
 * Whether `action` names a known action is the server's check.
 */
export const auditLogQuerySchema = z
  .object({
    action: optionalFilter(100),
    userId: optionalFilter(ADMIN_TEXT_LIMITS.id),
    startDate: dateBound('startDate', 'start'),
    endDate: dateBound('endDate', 'end'),
    page: wholeNumber('page', 1, 1, 100_000),
    pageSize: wholeNumber('pageSize', AUDIT_PAGE_SIZE_DEFAULT, 1, AUDIT_PAGE_SIZE_MAX),
  })
  .refine((query) => !query.startDate || !query.endDate || query.startDate < query.endDate, {
    message: 'startDate must be before endDate.',
    path: ['endDate'],
  });

export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
