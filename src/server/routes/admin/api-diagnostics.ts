import { z } from "zod";
import { addDays, todayUtc } from "../../../shared/dates.ts";
import { DomainError } from "../../domain-error.ts";
import { apiRouter, defineRoute, jsonAnswer } from "../../http/openapi.ts";
import type { AppDeps, SignedInEnv } from "../../http/types.ts";
import { logActivity } from "../../services/activity-log.ts";
import { BACKGROUND_JOBS, listStuckCases, retryStuckCase } from "../../services/background-failures.ts";
import { recentSupplierProblems } from "../../services/supplier-problems.ts";
import { MAX_DATABASE_ID } from "../../../shared/ids.ts";

/** Spec section 9: the diagnostics search. */
const DIAGNOSTIC_SEARCH = { destination: "Dubai", checkInDaysAhead: 7, checkOutDaysAhead: 9, guests: 2, children: 0, rooms: 1 } as const;
const SAMPLE_SIZE = 5;
const StuckParam = z.object({ id: z.coerce.number().int().min(1, "Case not found").max(MAX_DATABASE_ID, "Case not found") });

const TAGS = ["Admin"];
const JOBS = Object.values(BACKGROUND_JOBS) as [
  (typeof BACKGROUND_JOBS)[keyof typeof BACKGROUND_JOBS],
  ...(typeof BACKGROUND_JOBS)[keyof typeof BACKGROUND_JOBS][],
];

const problems = defineRoute({
  method: "get",
  path: "/api-diagnostics/problems",
  operationId: "listSupplierProblems",
  tags: TAGS,
  summary: "The latest supplier calls that failed",
  responses: {
    200: jsonAnswer(
      z.object({
        problems: z.array(
          z.object({
            at: z.string(),
            actionType: z.string(),
            requestId: z.string().nullable(),
            details: z.record(z.string(), z.unknown()),
          }),
        ),
      }),
      "Newest first",
    ),
  },
});
const stuck = defineRoute({
  method: "get",
  path: "/api-diagnostics/stuck",
  operationId: "listStuckJobs",
  tags: TAGS,
  summary: "Background jobs that used up their retries",
  responses: {
    200: jsonAnswer(
      z.object({
        maxAttempts: z.number().int(),
        cases: z.array(
          z.object({
            id: z.number().int(),
            job: z.enum(JOBS),
            bookingId: z.string(),
            bookingReference: z.string(),
            guestEmail: z.string(),
            attempts: z.number().int(),
            lastError: z.string(),
            firstFailedAt: z.string(),
            lastFailedAt: z.string(),
          }),
        ),
      }),
      "Stuck cases",
    ),
  },
});
const retry = defineRoute({
  method: "post",
  path: "/api-diagnostics/stuck/{id}/retry",
  operationId: "retryStuckJob",
  tags: TAGS,
  summary: "Give a stuck case a fresh round of attempts",
  request: { params: StuckParam },
  errors: ["CASE_NOT_FOUND"],
  responses: { 200: jsonAnswer(z.object({ retried: z.boolean() }), "Retried") },
});
const run = defineRoute({
  method: "post",
  path: "/api-diagnostics",
  operationId: "runApiDiagnostics",
  tags: TAGS,
  summary: "The spec's test search (Dubai, 7 to 9 days ahead) against the active supplier environment",
  errors: ["NO_ACTIVE_API_CONFIGURATION"],
  responses: {
    200: jsonAnswer(
      z.object({
        success: z.boolean(),
        environment: z.string(),
        apiUrl: z.string(),
        durationMs: z.number().int(),
        resultCount: z.number().int(),
        sample: z.array(z.object({ id: z.string(), name: z.string(), priceCents: z.number().int() })),
        error: z.string().nullable(),
      }),
      "What the supplier answered",
    ),
  },
});

/** Admin > API Diagnostics: the spec's test search against the active environment's supplier, unmerged and uncached. */
export function adminApiDiagnosticsRoutes(deps: AppDeps) {
  const settings = deps.apiSettings;
  return apiRouter<SignedInEnv>()
    .openapi(problems, async (c) => {
      return c.json({ problems: await recentSupplierProblems(deps.db) }, 200);
    })
    .openapi(stuck, async (c) => {
      return c.json({ maxAttempts: deps.config.retryMaxAttempts, cases: await listStuckCases(deps.db, deps.config.retryMaxAttempts) }, 200);
    })
    .openapi(retry, async (c) => {
      const user = c.get("user");
      if (!(await retryStuckCase(deps.db, c.req.valid("param").id, { id: user.id, email: user.email }))) {
        throw new DomainError("CASE_NOT_FOUND");
      }
      return c.json({ retried: true }, 200);
    })
    .openapi(run, async (c) => {
      const user = c.get("user");
      const active = await settings.active();
      if (!active) throw new DomainError("NO_ACTIVE_API_CONFIGURATION");
      const today = todayUtc();
      const stay = {
        checkIn: addDays(today, DIAGNOSTIC_SEARCH.checkInDaysAhead),
        checkOut: addDays(today, DIAGNOSTIC_SEARCH.checkOutDaysAhead),
        guests: DIAGNOSTIC_SEARCH.guests,
        children: DIAGNOSTIC_SEARCH.children,
        childAges: [],
        rooms: DIAGNOSTIC_SEARCH.rooms,
      };
      const started = performance.now();
      let result: {
        success: boolean;
        resultCount: number;
        sample: { id: string; name: string; priceCents: number }[];
        error: string | null;
      };
      try {
        const { hotels } = await deps.wholesaler.diagnosticSearch(DIAGNOSTIC_SEARCH.destination, stay);
        const sample = hotels.slice(0, SAMPLE_SIZE).map((h) => ({ id: h.id, name: h.name, priceCents: h.priceCents }));
        result = { success: true, resultCount: hotels.length, sample, error: null };
      } catch (error) {
        result = { success: false, resultCount: 0, sample: [], error: error instanceof Error ? error.message : String(error) };
      }
      const durationMs = Math.round(performance.now() - started);
      await logActivity(deps.db, {
        actionType: "api_diagnostics_run",
        userId: user.id,
        userEmail: user.email,
        details: {
          environment: active.environment,
          apiUrl: active.apiUrl,
          success: result.success,
          resultCount: result.resultCount,
          durationMs,
          error: result.error,
        },
      });
      return c.json(
        {
          success: result.success,
          environment: active.environment,
          apiUrl: active.apiUrl,
          durationMs,
          resultCount: result.resultCount,
          sample: result.sample,
          error: result.error,
        },
        200,
      );
    });
}
