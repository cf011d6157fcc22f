// Kept over find-my-way / URLPattern: this is the Functions host's ASP.NET rule (the route with most literal segments wins over the whole path, 405 with Allow); find-my-way ranks per segment and has no 405, URLPattern is not in Node 20.
import type { RouteDefinition } from './route.js';

type Segment = { literal: string } | { param: string };

interface CompiledRoute {
  route: RouteDefinition;
  segments: Segment[];
  /** Literal segments count; more literals win over parameters, as in ASP.NET routing. */
  specificity: number;
}

export type RouteMatch =
  | { kind: 'found'; route: RouteDefinition; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'bad-path' }
  | { kind: 'none' };

/**
 * Matches request paths against the route table the way the Functions host
 * does: literal segments case-insensitively, `{name}` segments capture one
 * path segment, the most literal route wins.
 */
export function createRouteMatcher(
  routes: readonly RouteDefinition[],
): (method: string, pathname: string) => RouteMatch {
  const byLength = new Map<number, CompiledRoute[]>();
  for (const route of routes) {
    const segments: Segment[] = splitPath(route.path).map((part) => {
      const param = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(part);
      return param ? { param: param[1]! } : { literal: part.toLowerCase() };
    });
    const compiled: CompiledRoute = {
      route,
      segments,
      specificity: segments.filter((segment) => 'literal' in segment).length,
    };
    const bucket = byLength.get(segments.length) ?? [];
    bucket.push(compiled);
    bucket.sort((a, b) => b.specificity - a.specificity);
    byLength.set(segments.length, bucket);
  }

  return (method, pathname) => {
    const parts = splitPath(pathname);
    const candidates = byLength.get(parts.length);
    if (!candidates) return { kind: 'none' };
    const allowed: string[] = [];
    for (const candidate of candidates) {
      const params = matchSegments(candidate.segments, parts);
      if (params === undefined) continue;
      if (params === null) return { kind: 'bad-path' };
      if (candidate.route.method === method || (method === 'HEAD' && candidate.route.method === 'GET')) {
        return { kind: 'found', route: candidate.route, params };
      }
      allowed.push(candidate.route.method);
    }
    return allowed.length > 0 ? { kind: 'method-not-allowed', allow: [...new Set(allowed)] } : { kind: 'none' };
  };
}

function splitPath(path: string): string[] {
  return path.split('/').filter((part) => part !== '');
}

/** The captured parameters, undefined when the route does not match, null when a segment is badly encoded. */
function matchSegments(segments: Segment[], parts: string[]): Record<string, string> | undefined | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = parts[i]!;
    if ('literal' in segment) {
      if (segment.literal !== part.toLowerCase()) return undefined;
    } else {
      try {
        params[segment.param] = decodeURIComponent(part);
      } catch {
        return null;
      }
    }
  }
  return params;
}
