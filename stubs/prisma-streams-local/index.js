// The only import of this package is inside @prisma/dev's `prisma dev` server start-up. Fail
// loudly there, with the reason, rather than pretend to start a streams server.
export async function startLocalDurableStreamsServer() {
  throw new Error(
    "@prisma/streams-local is replaced by a stub in Duly (package.json overrides): `prisma dev` is not supported here. Use `npm start` for a local database.",
  );
}
