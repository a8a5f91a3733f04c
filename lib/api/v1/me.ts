// GET /api/v1/me: which key is calling and who it acts for. The first call to try with a new
// key (the demo's curl example), and how an app checks its X-Acting-As before acting.
import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { notFound } from "./marketplace-errors.ts";

export const MeView = z
  .object({
    apiKey: z.object({
      prefix: z.string().meta({ example: "duly_1a2b3c4d" }),
      scope: z.enum(["app", "customer", "chef"]),
    }),
    actingAs: z.string().nullable().meta({ description: "`customer:<id>`, `chef:<id>`, or null (an app key acting for no one)", example: "customer:1" }),
  })
  .meta({ id: "Me" });

export const getMe = defineEndpoint({
  operationId: "getMe",
  method: "get",
  path: "/me",
  summary: "The calling key and who it acts for",
  tag: "Keys",
  parties: [],
  response: MeView,
  successStatus: 200,
  errors: [notFound("customer or chef named by X-Acting-As")],
});
