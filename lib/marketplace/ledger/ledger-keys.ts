// The ledger's idempotency keys, one function per kind of movement: a booking is charged, paid
// out and refunded at most once each (also a unique (booking_id, kind) in the table).
export const ledgerKey = {
  charge: (bookingId: number) => `charge:booking:${bookingId}`,
  payout: (bookingId: number) => `payout:booking:${bookingId}`,
  refund: (bookingId: number) => `refund:booking:${bookingId}`,
} as const;
