import { MeSchema } from "../contract/account.ts";
import { apiRouter, defineRoute, jsonAnswer } from "../http/openapi.ts";

const me = defineRoute({
  method: "get",
  path: "/",
  tags: ["Account"],
  summary: "The signed-in user, or null",
  responses: { 200: jsonAnswer(MeSchema, "Who is asking") },
});

/** Who is asking: the client's one source for the signed-in user and their role. */
export function meRoutes() {
  return apiRouter().openapi(me, (c) => {
    return c.json({ user: c.get("user") }, 200);
  });
}
