import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auditLoaders, recordAudit, type AuditEntity, type AuditId, type AuditSnapshot } from '../services/audit.service.ts';

/** How a route joins the audit log (server/README.md: Audit log). */
export interface AuditRouteConfig {
  /** What the admin did, e.g. 'paket.update' (labels in contract/audit.ts). */
  action: string;
  /** Which loader of server/services/audit.service.ts reads the entity before and after. */
  entity: AuditEntity;
  /**
   * Where the entity's id comes from: the name of a route parameter, or a function called before
   * the handler with `answer` null and after it with the success answer (a creation reads
   * `answer?.data?.id`; a setting returns its key both times).
   */
  id: string | ((answer: unknown, request: FastifyRequest) => AuditId | null | undefined);
  /** The admin's stated reason; by default a string `alasan` field of the body. */
  reason?: (body: unknown) => string | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every admin route that changes data; read by the one audit hook below. */
    audit?: AuditRouteConfig;
  }
  interface FastifyRequest {
    auditBefore: AuditSnapshot | null;
  }
  interface FastifyInstance {
    /** Mutating routes under /api/admin and whether they declare `config.audit` (a test keeps them all audited). */
    adminMutatingRoutes: { method: string; url: string; audited: boolean }[];
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const defaultReason = (body: unknown): string | undefined => {
  const alasan = (body as { alasan?: unknown } | null | undefined)?.alasan;
  return typeof alasan === 'string' && alasan.trim() !== '' ? alasan.trim() : undefined;
};

function answerOf(payload: unknown): unknown {
  if (typeof payload !== 'string') return null;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return null;
  }
}

/**
 * The one audit mechanism: a route declares `config.audit`; this hook reads the entity before the
 * handler runs and, once the handler succeeded, reads it again and writes who, what, when, before
 * and after. Bodies and answers are never stored (a reset answer carries a password); only the
 * loaders' entity states, without secret fields. Register before the routes.
 */
export function registerAudit(app: FastifyInstance): void {
  app.decorateRequest('auditBefore', null);
  app.decorate('adminMutatingRoutes', []);

  // The two hooks go only onto the routes that declare `config.audit`: every other request skips
  // them instead of running two async hooks that find nothing to do.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (MUTATING.has(method) && route.url.startsWith('/api/admin')) {
        app.adminMutatingRoutes.push({ method, url: route.url, audited: route.config?.audit !== undefined });
      }
    }
    if (route.config?.audit === undefined) return;
    route.preHandler = [...hookList(route.preHandler), readBefore];
    route.onSend = [...hookList(route.onSend), recordAfter];
    // The entry is written after the answer is made: a stop waits for it as for the handler.
    app.requestsInFlight.throughRouteOnSend(route);
  });

  async function readBefore(request: FastifyRequest): Promise<void> {
    const audit = request.routeOptions.config.audit;
    if (!audit) return;
    const rawId = idOf(audit, request, null);
    if (rawId !== undefined && rawId !== null) request.auditBefore = await auditLoaders[audit.entity](app.db, rawId);
  }

  async function recordAfter(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const audit = request.routeOptions.config.audit;
    if (!audit || !request.user || reply.statusCode >= 400) return payload;
    try {
      const rawId = idOf(audit, request, answerOf(payload));
      const after = rawId === undefined || rawId === null ? null : await auditLoaders[audit.entity](app.db, rawId);
      const before = request.auditBefore;
      await recordAudit(app.db, {
        actor: request.user,
        action: audit.action,
        entity: audit.entity,
        entityId: before?.id ?? after?.id ?? (rawId === undefined || rawId === null ? null : String(rawId)),
        before: before?.state ?? null,
        after: after?.state ?? null,
        reason: (audit.reason ?? defaultReason)(request.body),
        requestId: request.id,
      });
    } catch (err) {
      // The change itself is committed; a lost entry is an operator's problem, not the admin's.
      request.log.error({ err, action: audit.action }, 'audit entry not written');
    }
    return payload;
  }
}

const hookList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

function idOf(audit: AuditRouteConfig, request: FastifyRequest, answer: unknown): AuditId | null | undefined {
  if (typeof audit.id !== 'string') return audit.id(answer, request);
  const param = (request.params as Record<string, unknown> | undefined)?.[audit.id];
  return typeof param === 'string' || typeof param === 'number' ? param : undefined;
}
