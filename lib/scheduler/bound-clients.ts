// The engine's one set of transaction-bound Prisma clients (lib/db/transaction-bound-client.ts):
// job handlers and the recurring sweep write through them on a lane's connection.
import { createBoundClients } from "../db/transaction-bound-client.ts";

export const boundClients = createBoundClients();
