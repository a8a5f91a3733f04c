// Every endpoint of /api/v1. The OpenAPI document lists exactly these, and a test checks that
// each has its route file under app/api/v1 and that no route file is missing here.
import type { Endpoint } from "../endpoint.ts";
import { getMe } from "./me.ts";

export const v1Endpoints: readonly Endpoint[] = [getMe];
