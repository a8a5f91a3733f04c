// A login role limited to a few connections, standing in for a server at max_connections
// (superusers, which the test harness connects as, are exempt from connection limits). It
// uses the direct URL: the limit is the server's, not a pooler's.
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface LimitedRole {
  /** The test database's direct URL, logged in as the limited role. */
  url: string;
  /** Opens and keeps `count` of the role's connections (the caller ends them). */
  hold(count: number): Promise<pg.Client[]>;
  drop(): Promise<void>;
}

/** DDL names a role, which no bind parameter can: escaped by pg instead. */
async function admin(directUrl: string, statements: (client: pg.Client) => string[]): Promise<void> {
  const client = new pg.Client({ connectionString: directUrl });
  await client.connect();
  try {
    for (const sql of statements(client)) await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createLimitedRole(directUrl: string, connectionLimit: number): Promise<LimitedRole> {
  const role = `duly_limited_${randomBytes(4).toString("hex")}`;
  const password = randomBytes(8).toString("hex");
  await admin(directUrl, (c) => {
    const name = c.escapeIdentifier(role);
    return [
      `CREATE ROLE ${name} LOGIN PASSWORD ${c.escapeLiteral(password)} CONNECTION LIMIT ${Number(connectionLimit)}`,
      `GRANT ALL ON ALL TABLES IN SCHEMA public TO ${name}`,
      `GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO ${name}`,
    ];
  });
  const url = new URL(directUrl);
  url.username = role;
  url.password = password;
  return {
    url: url.toString(),
    async hold(count) {
      const clients: pg.Client[] = [];
      for (let i = 0; i < count; i++) {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        clients.push(client);
      }
      return clients;
    },
    drop: () => admin(directUrl, (c) => [`DROP OWNED BY ${c.escapeIdentifier(role)}`, `DROP ROLE ${c.escapeIdentifier(role)}`]),
  };
}
