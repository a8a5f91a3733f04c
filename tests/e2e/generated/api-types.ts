// Generated from the /api/v1 OpenAPI document by `npm run api:types` (scripts/lib/api-types.ts,
// openapi-typescript). Do not edit: tests/unit/api/api-types.test.ts fails when it differs from what
// the current document generates.
export interface paths {
    "/accounts/{accountId}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record an account's usage of an allowance
         * @description Takes `amount` from one of the account's metered allowances, atomically and never below zero. Usage at or after the account's reset instant is counted in the new cycle (the account is reset first if it is still due). For app keys. Send an Idempotency-Key to make a retry safe.
         */
        post: operations["recordUsage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auctions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List auctions (chefs: find open ones with ?status=open)
         * @description A customer's own auctions; for a chef or the platform, every auction. Newest first; `limit` per page, `nextCursor` for the next (stable while records are added: nothing is repeated or skipped).
         *
         *     Acts for a customer or a chef or the platform (an app key sending no X-Acting-As).
         */
        get: operations["listAuctions"];
        put?: never;
        /**
         * Post a request for bids (the customer)
         * @description Closes at `closesAt`: the lowest bid wins and becomes a booking request to that chef; no bids, it expires.
         *
         *     Acts for a customer.
         */
        post: operations["postAuction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auctions/{auctionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An auction with its bids
         * @description Bids are sealed: the customer who posted the auction sees every bid, a chef only its own (and the booking it made only if that chef won). Another customer's auction answers as one that does not exist.
         *
         *     Acts for a customer or a chef.
         */
        get: operations["getAuction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auctions/{auctionId}/bids": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bid on an open auction (the chef)
         * @description One bid per chef, and it only goes down: bidding again must offer a lower price, which replaces the bid (and its time). The same price again changes nothing and answers the bid as it stands, keeping its time, which wins a tie (the earliest bid at the lowest price wins). A higher price is refused.
         *
         *     Acts for a chef.
         */
        post: operations["placeBid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List bookings
         * @description A customer's or chef's own bookings; the platform's, all. Newest first; `limit` per page, `nextCursor` for the next (stable while records are added: nothing is repeated or skipped).
         *
         *     Acts for a customer or a chef or the platform (an app key sending no X-Acting-As).
         */
        get: operations["listBookings"];
        put?: never;
        /**
         * Request a booking from a chef
         * @description The chef has the policy's time (24 h by default) to accept, or the request expires.
         *
         *     Acts for a customer.
         */
        post: operations["requestBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{bookingId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A booking with its upcoming deadlines and ledger
         * @description Its customer or chef sees it without the platform's internals; the platform (an app key acting for no party) sees everything.
         *
         *     Acts for a customer or a chef or the platform (an app key sending no X-Acting-As).
         */
        get: operations["getBooking"];
        put?: never;
        /**
         * Update a booking's metadata
         * @description Sets your own keys and values on the booking (Stripe's rule: a key set to "" or null is removed, keys left out are kept; at most 20 keys). Any status. Metadata is not part of the booking's terms: it leaves the `ETag` as it is.
         *
         *     Acts for a customer or a chef or the platform (an app key sending no X-Acting-As).
         */
        post: operations["updateBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{bookingId}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept a booking request (the chef)
         * @description The customer then has the policy's time (12 h by default) to pay. No body (or `{}`).
         *
         *     Acts for a chef.
         */
        post: operations["acceptBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{bookingId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a booking (refund per the policy)
         * @description Cancels its deadlines; a paid booking is refunded as the policy says (in full with enough notice, else partly).
         *
         *     Acts for a customer or a chef.
         */
        post: operations["cancelBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{bookingId}/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start paying an accepted booking (the customer)
         * @description Answers what to capture, in which currency and by when; records nothing. Create the payment at the provider from these terms with the booking's id in its metadata: the provider's signed `payment.captured` webhook then records the charge (docs/api.md, "Payments"). A customer can start a payment, never confirm one.
         *
         *     Acts for a customer.
         */
        post: operations["startCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{bookingId}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decline a booking request (the chef)
         * @description Acts for a chef.
         */
        post: operations["declineBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{bookingId}/disputes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a dispute on a booking (the customer)
         * @description Possible until the payout. Holds the money; the chef has the policy's time (24 h by default) to reply, or it is refunded.
         *
         *     Acts for a customer.
         */
        post: operations["openDispute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{bookingId}/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a requested booking's event (the customer)
         * @description Only while the booking is `requested`: the chef has agreed to nothing yet, and accepting agrees to the time it has then. Once accepted, the time is agreed and a move is a request the chef answers (`POST /bookings/{bookingId}/move-requests`).
         *
         *     Acts for a customer.
         */
        post: operations["moveEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{bookingId}/move-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the chef to move an accepted or paid event (the customer)
         * @description Nothing changes until the chef accepts: the event time, its deadlines and the cancellation terms stay as agreed. The chef has the policy's time (24 h by default, never past the event as agreed) to answer, or the request lapses. One pending request per booking. A booking still `requested` is moved directly (`POST /bookings/{bookingId}/move`).
         *
         *     Acts for a customer.
         */
        post: operations["requestMove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{bookingId}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a captured payment (the platform only)
         * @description The payment provider captured the price: records a `charge`, and schedules the event's close. Only the platform may say so: an app key sending no X-Acting-As (or the provider itself, through the signed webhook POST /api/webhooks/payments); a customer's or chef's key, or an app key acting for one, is refused. `paymentKey` is the provider's key for the capture: the same key and amount again changes nothing.
         *
         *     Acts for the platform (an app key sending no X-Acting-As).
         */
        post: operations["payBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disputes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List disputes
         * @description The disputes on a customer's or chef's own bookings; the platform's, all. Newest first; `limit` per page, `nextCursor` for the next (stable while records are added: nothing is repeated or skipped).
         *
         *     Acts for a customer or a chef or the platform (an app key sending no X-Acting-As).
         */
        get: operations["listDisputes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/disputes/{disputeId}/reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reply to a dispute (the chef)
         * @description Cancels the reply deadline; the dispute then waits for an operator.
         *
         *     Acts for a chef.
         */
        post: operations["replyToDispute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Events the caller may see, in commit order, after a cursor
         * @description Every business change is an event, written in the change's transaction. Pages never skip an event that committed late: start with `after=0` (or a cursor kept from before) and follow `nextCursor`. Events are kept 30 days (DULY_EVENT_RETENTION_DAYS); a cursor after which some were deleted answers 410 CURSOR_EXPIRED instead of silently skipping them.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The calling key and who it acts for */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/move-requests/{moveRequestId}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept a move request (the chef)
         * @description The event moves to the requested time, a paid booking's deadlines with it, and the new time becomes the agreed one: cancellation terms are judged against it from now on. No body (or `{}`).
         *
         *     Acts for a chef.
         */
        post: operations["acceptMove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/move-requests/{moveRequestId}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decline a move request (the chef)
         * @description The booking keeps its terms.
         *
         *     Acts for a chef.
         */
        post: operations["declineMove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's webhook endpoints */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register a webhook endpoint (its signing secret is shown once)
         * @description The URL must be https and resolve to a public address (private, loopback and link-local addresses are refused). An owner has at most 20 enabled endpoints, and 100 in all, disabled ones included: past either, 409 WEBHOOK_ENDPOINT_LIMIT (disable one, or enable and reuse a disabled one; one disabled for longer than the event retention, with no delivery left, is deleted).
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the caller's webhook endpoints */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete an endpoint for good, with its deliveries and their attempts
         * @description Nothing more is sent to it: its pending deliveries and the jobs that would send them go with it. The audit log keeps that it was deleted, by whom. Deleting it again, or another owner's endpoint, answers 404. While a delivery to it is being sent (a receiver still answering), 409 INVALID_STATE: retry in a few seconds.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{endpointId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An endpoint's latest deliveries, each with every attempt (status, latency, the answer's start) */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{endpointId}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop sending to an endpoint (its pending deliveries end failed) */
        post: operations["disableWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{endpointId}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send to an endpoint again (new events; replay or read GET /events for what it missed) */
        post: operations["enableWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{endpointId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send an event to the endpoint again, now */
        post: operations["replayWebhookEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{endpointId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new signing secret; the previous one keeps signing for a while
         * @description While the previous secret is valid each delivery carries two v1 signatures, the new one first, so the receiver can switch at any time.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AcceptBooking: Record<string, never>;
        AcceptMove: Record<string, never>;
        Auction: {
            bids: {
                auctionId: number;
                chefId: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 instant (UTC)
                 */
                createdAt: string;
                id: number;
                priceMinor: number;
            }[];
            bookingId: number | null;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            closedAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            closesAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            createdAt: string;
            currency: string;
            customerId: number;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            eventAt: string;
            id: number;
            maxPriceMinor: number;
            place: string;
            /** @enum {string} */
            status: "open" | "awarded" | "expired";
            timeZone: string;
        };
        AuctionList: {
            data: components["schemas"]["AuctionSummary"][];
            /** @description Whether a next page has records (then `nextCursor` fetches it). */
            hasMore: boolean;
            /** @description Opaque: pass as `cursor` (with the same filters) for the next page; null on the last page. */
            nextCursor: string | null;
        };
        /** @description An auction without its bids and booking: GET /auctions/{auctionId} reads those, as the caller may see them. */
        AuctionSummary: {
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            closedAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            closesAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            createdAt: string;
            currency: string;
            customerId: number;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            eventAt: string;
            id: number;
            maxPriceMinor: number;
            place: string;
            /** @enum {string} */
            status: "open" | "awarded" | "expired";
            timeZone: string;
        };
        Bid: {
            auctionId: number;
            chefId: number;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            createdAt: string;
            id: number;
            priceMinor: number;
        };
        Booking: {
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            acceptBy: string;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            acceptedAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            agreedEventAt: string | null;
            auctionId: number | null;
            chefId: number;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            closedAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            completedAt: string | null;
            currency: string;
            customerId: number;
            durationMinutes: number;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            endedAt: string | null;
            endedBy: string | null;
            endReason: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            eventAt: string;
            id: number;
            metadata: components["schemas"]["Metadata"];
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            paidAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            payBy: string | null;
            place: string;
            priceMinor: number;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            requestedAt: string;
            /** @enum {string} */
            status: "requested" | "accepted" | "declined" | "expired" | "cancelled" | "paid" | "closed" | "completed" | "disputed" | "paid_out" | "refunded" | "settled";
            timeZone: string;
        };
        /** @description A booking with its disputes, ledger entries, money (charged = paid out + refunded + held) and upcoming deadlines. Its customer and chef see it without the platform's internals (ledger entry ids, provider keys and who recorded them, job ids, which operator acted): docs/api.md, "What each party sees". */
        BookingDetail: {
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            acceptBy: string;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            acceptedAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            agreedEventAt: string | null;
            auctionId: number | null;
            chefId: number;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            closedAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            completedAt: string | null;
            currency: string;
            customerId: number;
            deadlines: {
                /** @description The job's id in the scheduler. Operators and the platform only. */
                jobId?: string;
                jobType: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 instant (UTC)
                 */
                runAt: string;
                /** @enum {string} */
                status: "pending" | "running";
                /** @description e.g. "booking:42" or "dispute:7" */
                subject: string;
            }[];
            disputes: {
                bookingId: number;
                id: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 instant (UTC)
                 */
                openedAt: string;
                reason: string;
                refundMinor: number | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 instant (UTC)
                 */
                repliedAt: string | null;
                reply: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 instant (UTC)
                 */
                replyBy: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 instant (UTC)
                 */
                resolvedAt: string | null;
                resolvedBy: string | null;
                /** @enum {string} */
                status: "awaiting_reply" | "awaiting_operator" | "refunded" | "partially_refunded" | "released";
            }[];
            durationMinutes: number;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            endedAt: string | null;
            endedBy: string | null;
            endReason: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            eventAt: string;
            id: number;
            ledger: {
                /** @description Who recorded it. Operators and the platform only. */
                actor?: string;
                amountMinor: number;
                bookingId: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 instant (UTC)
                 */
                createdAt: string;
                currency: string;
                /** @description The entry's id. Operators and the platform only. */
                id?: string;
                /** @description The payment provider's key for this movement, or the ledger's own (`charge:booking:42`). Operators and the platform only. */
                idempotencyKey?: string;
                /** @enum {string} */
                kind: "charge" | "payout" | "refund";
            }[];
            metadata: components["schemas"]["Metadata"];
            money: {
                chargedMinor: number;
                heldMinor: number;
                paidOutMinor: number;
                refundedMinor: number;
            };
            moveRequests: {
                /**
                 * Format: date-time
                 * @description ISO 8601 instant (UTC)
                 */
                answerBy: string;
                bookingId: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 instant (UTC)
                 */
                endedAt: string | null;
                endedBy: string | null;
                endReason: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 instant (UTC)
                 */
                eventAt: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 instant (UTC)
                 */
                fromEventAt: string;
                id: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 instant (UTC)
                 */
                requestedAt: string;
                requestedBy: string;
                /** @enum {string} */
                status: "pending" | "accepted" | "declined" | "lapsed" | "withdrawn";
                timeZone: string;
            }[];
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            paidAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            payBy: string | null;
            place: string;
            priceMinor: number;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            requestedAt: string;
            /** @enum {string} */
            status: "requested" | "accepted" | "declined" | "expired" | "cancelled" | "paid" | "closed" | "completed" | "disputed" | "paid_out" | "refunded" | "settled";
            timeZone: string;
        };
        BookingList: {
            data: components["schemas"]["Booking"][];
            /** @description Whether a next page has records (then `nextCursor` fetches it). */
            hasMore: boolean;
            /** @description Opaque: pass as `cursor` (with the same filters) for the next page; null on the last page. */
            nextCursor: string | null;
        };
        CancelBooking: {
            reason: string;
        };
        Checkout: {
            /** @description Capture exactly this (the booking's price), in minor units. */
            amountMinor: number;
            /** @description Put it in the provider payment's metadata: the webhook's `payment.captured` event names it. */
            bookingId: number;
            currency: string;
            /**
             * Format: date-time
             * @description ISO 8601 instant: a capture confirmed at or after it is refused and the booking is cancelled.
             */
            payBy: string;
        };
        CreateWebhookEndpoint: {
            description?: string;
            /** @description Event types to send, or ["*"] for every type. */
            eventTypes: ("*" | "booking.requested" | "booking.accepted" | "booking.declined" | "booking.expired" | "booking.cancelled" | "booking.auto_cancelled" | "booking.paid" | "booking.moved" | "booking.closed" | "booking.completed" | "booking.disputed" | "booking.paid_out" | "booking.refunded" | "booking.settled" | "dispute.opened" | "dispute.replied" | "dispute.resolved" | "dispute.auto_resolved" | "auction.posted" | "auction.bid_placed" | "auction.closed")[];
            /** @example https://example.com/duly/webhooks */
            url: string;
        };
        /**
         * @description A current ISO 4217 currency code (ISO's list of 2024-06-25) that the server's runtime can format, in capitals. Amounts are integers in the currency's minor units, with ISO 4217's number of digits (not CLDR's: IQD has 3): 0 digits: BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF; 3 digits: BHD IQD JOD KWD LYD OMR TND; 4 digits: CLF UYW; every other code 2.
         * @example EUR
         * @enum {string}
         */
        Currency: "AED" | "AFN" | "ALL" | "AMD" | "ANG" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BGN" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHF" | "CLF" | "CLP" | "CNY" | "COP" | "CRC" | "CUC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "UYU" | "UYW" | "UZS" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XCD" | "XOF" | "XPF" | "YER" | "ZAR" | "ZMW" | "ZWG";
        DeclineBooking: {
            reason?: string;
        };
        DeclineMove: {
            reason?: string;
        };
        DeletedWebhookEndpoint: {
            /** @enum {boolean} */
            deleted: true;
            id: number;
        };
        Dispute: {
            bookingId: number;
            id: number;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            openedAt: string;
            reason: string;
            refundMinor: number | null;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            repliedAt: string | null;
            reply: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            replyBy: string;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            resolvedAt: string | null;
            resolvedBy: string | null;
            /** @enum {string} */
            status: "awaiting_reply" | "awaiting_operator" | "refunded" | "partially_refunded" | "released";
        };
        DisputeList: {
            data: components["schemas"]["Dispute"][];
            /** @description Whether a next page has records (then `nextCursor` fetches it). */
            hasMore: boolean;
            /** @description Opaque: pass as `cursor` (with the same filters) for the next page; null on the last page. */
            nextCursor: string | null;
        };
        Error: {
            error: {
                code: components["schemas"]["ErrorCode"];
                /**
                 * @description Where this code is explained.
                 * @example https://duly.example/api/v1/docs/errors#invalid_state
                 */
                doc_url: string;
                /** @description With INVALID_INPUT: each problem and where (`body.price`, `params.bookingId`). */
                issues?: {
                    message: string;
                    path: (string | number)[];
                }[];
                /** @description For a person: what is wrong and what to do. Amounts are written with their currency and in minor units. */
                message: string;
                /**
                 * @description The field or header at fault, when one is: `priceMinor`, `metadata.order_id`, `bookingId`, `If-Match`.
                 * @example priceMinor
                 */
                param?: string;
                /**
                 * @description This request's id (also the `Request-Id` header): quote it when you ask about the request.
                 * @example req_4f3c2a1b0e9d8c7b6a594837
                 */
                request_id: string;
                /**
                 * Format: date-time
                 * @description With QUOTA_EXHAUSTED: when the allowance comes back (ISO instant; also the Retry-After header).
                 */
                retryAt?: string;
                type: components["schemas"]["ErrorType"];
            };
        };
        /**
         * @description Machine-readable; /api/v1/docs/errors and docs/api.md explain each.
         * @example INVALID_STATE
         * @enum {string}
         */
        ErrorCode: "INVALID_JSON" | "INVALID_INPUT" | "INVALID_ACTING_AS" | "ACTING_AS_REQUIRED" | "INVALID_IDEMPOTENCY_KEY" | "INVALID_REQUEST_ID" | "UNAUTHENTICATED" | "API_KEY_REVOKED" | "INVALID_SIGNATURE" | "ACTING_AS_FORBIDDEN" | "API_KEY_READ_ONLY" | "NOT_ALLOWED" | "QUOTA_EXCEEDS_PLAN" | "NOT_FOUND" | "ROUTE_NOT_FOUND" | "METHOD_NOT_ALLOWED" | "INVALID_STATE" | "WEBHOOK_ENDPOINT_LIMIT" | "CHEF_UNAVAILABLE" | "IDEMPOTENCY_CONFLICT" | "IDEMPOTENCY_KEY_IN_PROGRESS" | "RECORD_BUSY" | "CURSOR_EXPIRED" | "PRECONDITION_FAILED" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "IDEMPOTENCY_KEY_REUSED" | "RATE_LIMITED" | "QUOTA_EXHAUSTED" | "INTERNAL" | "SERVER_MISCONFIGURED" | "SERVER_BUSY" | "DATABASE_UNAVAILABLE";
        /**
         * @description What kind of refusal, to branch on: fix the request (`invalid_request_error`), authenticate (`authentication_error`), act as someone else or with another key (`permission_error`), reuse an Idempotency-Key correctly (`idempotency_error`), slow down (`rate_limit_error`), or retry later (`api_error`: 503 with Retry-After; a 500 is a bug).
         * @enum {string}
         */
        ErrorType: "invalid_request_error" | "authentication_error" | "permission_error" | "idempotency_error" | "rate_limit_error" | "api_error";
        Event: {
            /** @description Who made it: customer:3, chef:7, or operator / system (the platform sees which). */
            actor: string;
            /**
             * Format: date-time
             * @description When the change was made (ISO 8601, UTC).
             */
            createdAt: string;
            /** @description The object after the change, as GET shows it to the reader. */
            data: {
                [key: string]: unknown;
            };
            /**
             * @description The event's id: receivers deduplicate by it (a delivery may come more than once).
             * @example 1042
             */
            id: string;
            objectId: number;
            /** @enum {string} */
            objectType: "booking" | "dispute" | "auction" | "bid";
            /** @enum {string} */
            type: "booking.requested" | "booking.accepted" | "booking.declined" | "booking.expired" | "booking.cancelled" | "booking.auto_cancelled" | "booking.paid" | "booking.moved" | "booking.closed" | "booking.completed" | "booking.disputed" | "booking.paid_out" | "booking.refunded" | "booking.settled" | "dispute.opened" | "dispute.replied" | "dispute.resolved" | "dispute.auto_resolved" | "auction.posted" | "auction.bid_placed" | "auction.closed";
        };
        EventList: {
            data: components["schemas"]["Event"][];
            /** @description true: another page is there now; false: poll again later with nextCursor. */
            hasMore: boolean;
            /**
             * @description Pass as `after` for the next page. Opaque; never moves past an event not yet listed.
             * @example 1042
             */
            nextCursor: string;
        };
        Me: {
            /**
             * @description `customer:<id>`, `chef:<id>`, or null (an app key acting for no one)
             * @example customer:1
             */
            actingAs: string | null;
            apiKey: {
                /** @example duly_1a2b3c4d */
                prefix: string;
                /** @enum {string} */
                scope: "app" | "customer" | "chef";
            };
        };
        /**
         * @description Your own keys and values (an order id, a CRM reference): at most 20 keys of up to 40 characters, values of up to 500. Whoever may read the record reads them: keep no secrets here.
         * @example {
         *       "order_id": "A-1042"
         *     }
         */
        Metadata: {
            [key: string]: string;
        };
        MoveEvent: {
            /** Format: date-time */
            eventAt: string;
            timeZone?: string;
        };
        /** @description A customer's request to move an accepted or paid event; the booking keeps its terms until the chef accepts. */
        MoveRequest: {
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            answerBy: string;
            bookingId: number;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            endedAt: string | null;
            endedBy: string | null;
            endReason: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            eventAt: string;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            fromEventAt: string;
            id: number;
            /**
             * Format: date-time
             * @description ISO 8601 instant (UTC)
             */
            requestedAt: string;
            requestedBy: string;
            /** @enum {string} */
            status: "pending" | "accepted" | "declined" | "lapsed" | "withdrawn";
            timeZone: string;
        };
        OpenDispute: {
            reason: string;
        };
        PayBooking: {
            amountMinor: number;
            currency: components["schemas"]["Currency"];
            paymentKey?: string;
        };
        PlaceBid: {
            priceMinor: number;
        };
        PostAuction: {
            /** Format: date-time */
            closesAt: string;
            currency: components["schemas"]["Currency"];
            /** Format: date-time */
            eventAt: string;
            maxPriceMinor: number;
            place: string;
            timeZone: string;
        };
        RecordUsage: {
            /**
             * @description Which allowance the usage takes from.
             * @example questions
             * @enum {string}
             */
            allowance: "pages" | "questions" | "questionsGpt4" | "documents";
            /**
             * @description How much (at most 1,000,000 at once).
             * @example 1
             */
            amount: number;
        };
        ReplayWebhookEvent: {
            /** @description The event's id. */
            eventId: string;
        };
        ReplyToDispute: {
            reply: string;
        };
        RequestBooking: {
            chefId: number;
            currency: components["schemas"]["Currency"];
            durationMinutes?: number;
            /** Format: date-time */
            eventAt: string;
            metadata?: components["schemas"]["Metadata"];
            place: string;
            priceMinor: number;
            timeZone: string;
        };
        RequestMove: {
            /** Format: date-time */
            eventAt: string;
            timeZone?: string;
        };
        RotateWebhookSecret: {
            /** @default 24 */
            keepPreviousHours: number;
        };
        StartCheckout: Record<string, never>;
        UpdateBooking: {
            /**
             * @description Keys to set; a key set to "" or null is removed; keys left out are kept.
             * @example {
             *       "order_id": "A-1042",
             *       "old_ref": ""
             *     }
             */
            metadata: {
                [key: string]: string | null;
            };
        };
        Usage: {
            accountId: number;
            /** @enum {string} */
            allowance: "pages" | "questions" | "questionsGpt4" | "documents";
            /**
             * Format: date-time
             * @description When the allowances come back: the first instant of the next reset date in the account's zone, its local midnight (ISO instant).
             * @example 2026-12-31T23:00:00.000Z
             */
            nextResetAt: string;
            /** @description What is left of each allowance in this cycle. */
            remaining: {
                documents: number;
                pages: number;
                questions: number;
                questionsGpt4: number;
            };
        };
        WebhookDelivery: {
            attempts: {
                /** Format: date-time */
                at: string;
                error: string | null;
                latencyMs: number;
                ok: boolean;
                responseExcerpt: string | null;
                statusCode: number | null;
            }[];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            deliveredAt: string | null;
            eventId: string;
            eventType: string;
            id: string;
            /** Format: date-time */
            nextAttemptAt: string | null;
            replay: boolean;
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
        };
        WebhookDeliveryList: {
            data: components["schemas"]["WebhookDelivery"][];
        };
        WebhookEndpoint: {
            consecutiveFailures: number;
            /** Format: date-time */
            createdAt: string;
            description: string | null;
            /** Format: date-time */
            disabledAt: string | null;
            disabledReason: string | null;
            eventTypes: string[];
            /**
             * Format: date-time
             * @description Since when every attempt failed; null while healthy.
             */
            failingSince: string | null;
            id: number;
            /**
             * Format: date-time
             * @description Until then, deliveries are signed with the previous secret too.
             */
            previousSecretExpiresAt: string | null;
            /** @enum {string} */
            status: "enabled" | "disabled";
            url: string;
        };
        WebhookEndpointList: {
            data: components["schemas"]["WebhookEndpoint"][];
        };
        WebhookEndpointReason: {
            reason?: string;
        };
        WebhookEndpointWithSecret: {
            endpoint: components["schemas"]["WebhookEndpoint"];
            /**
             * @description The signing secret. Shown this once: keep it where the receiver can read it.
             * @example whsec_…
             */
            secret: string;
        };
        WebhookReplay: {
            deliveryId: string;
            endpointId: number;
            eventId: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The booking's version as this answer shows it: send it back as `If-Match` to act only on this version. */
        ETag: string;
        /** @description `true` when this is the stored first response to an earlier request with the same Idempotency-Key (nothing was done again). */
        "Idempotent-Replayed": "true";
        /** @description Requests this key may send per minute. */
        "RateLimit-Limit": number;
        /** @description Requests left in the current minute. */
        "RateLimit-Remaining": number;
        /** @description Seconds until the current minute's window ends. */
        "RateLimit-Reset": number;
        /** @description This request's id: the one you sent (1-128 letters, digits and `. _ : -`), else the server's. Quote it when you ask about the request. */
        "Request-Id": string;
        /** @description When to retry: seconds (503: 1 when busy, 5 when the database is out of reach; 429: until the rate window ends; add jitter), or an HTTP-date (QUOTA_EXHAUSTED). */
        "Retry-After": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    recordUsage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The quota account */
                accountId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordUsage"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only; `ACTING_AS_FORBIDDEN` the key is bound to a customer or chef: usage is recorded with app keys; `QUOTA_EXCEEDS_PLAN` more than the account's plan allows in a whole cycle: waiting cannot help. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no quota account has this id. */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back; `QUOTA_EXHAUSTED` less is left than asked; `retryAt` and Retry-After say when it comes back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuctions: {
        parameters: {
            query?: {
                /** @description Only records created (createdAt) at or after this instant. */
                createdGte?: string;
                /** @description Only records created (createdAt) before this instant. */
                createdLt?: string;
                /** @description The `nextCursor` of the previous page, with the same filters; left out: the first page. */
                cursor?: string;
                /** @description How many records a page holds (1-100, default 20). */
                limit?: number;
                /** @description Only records in this status. */
                status?: "open" | "awarded" | "expired";
            };
            header?: {
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuctionList"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `ACTING_AS_FORBIDDEN` the request does not act for a customer or a chef or the platform (an app key sending no X-Acting-As), or a bound key named another party. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` the acting customer or chef does not exist. */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuction: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostAuction"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    /** @description Where the created record is read. */
                    Location?: string;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Auction"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `ACTING_AS_REQUIRED` an app key sent no X-Acting-As; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters; `INVALID_INPUT` closesAt is too soon, or the event is too soon after it. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only; `ACTING_AS_FORBIDDEN` the request does not act for a customer, or a bound key named another party. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no customer has this id. */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAuction: {
        parameters: {
            query?: never;
            header?: {
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The auction's id */
                auctionId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Auction"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `ACTING_AS_REQUIRED` an app key sent no X-Acting-As; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `ACTING_AS_FORBIDDEN` the request does not act for a customer or a chef, or a bound key named another party. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no auction has this id, or it is another customer's or chef's (answered alike); `NOT_FOUND` no chef (the acting chef does not exist) has this id. */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    placeBid: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The auction's id */
                auctionId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlaceBid"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    /** @description Where the created record is read. */
                    Location?: string;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bid"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `ACTING_AS_REQUIRED` an app key sent no X-Acting-As; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters; `INVALID_INPUT` the bid is above the auction's maximum, or not lower than the chef's current bid. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only; `ACTING_AS_FORBIDDEN` the request does not act for a chef, or a bound key named another party. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no auction or chef has this id. */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running; `INVALID_STATE` the auction is closed or past its closing time. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBookings: {
        parameters: {
            query?: {
                /** @description Only records created (requestedAt) at or after this instant. */
                createdGte?: string;
                /** @description Only records created (requestedAt) before this instant. */
                createdLt?: string;
                /** @description The `nextCursor` of the previous page, with the same filters; left out: the first page. */
                cursor?: string;
                /** @description How many records a page holds (1-100, default 20). */
                limit?: number;
                /** @description Only records in this status. */
                status?: "requested" | "accepted" | "declined" | "expired" | "cancelled" | "paid" | "closed" | "completed" | "disputed" | "paid_out" | "refunded" | "settled";
            };
            header?: {
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingList"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `ACTING_AS_FORBIDDEN` the request does not act for a customer or a chef or the platform (an app key sending no X-Acting-As), or a bound key named another party. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` the acting customer or chef does not exist. */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requestBooking: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RequestBooking"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    /** @description Where the created record is read. */
                    Location?: string;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Booking"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `ACTING_AS_REQUIRED` an app key sent no X-Acting-As; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters; `INVALID_INPUT` the event is sooner than the minimum notice, or the time zone is unknown. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only; `ACTING_AS_FORBIDDEN` the request does not act for a customer, or a bound key named another party. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no chef or customer has this id. */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running; `CHEF_UNAVAILABLE` the chef is booked for an overlapping event at that time. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBooking: {
        parameters: {
            query?: never;
            header?: {
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The booking's id */
                bookingId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingDetail"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `ACTING_AS_FORBIDDEN` the request does not act for a customer or a chef or the platform (an app key sending no X-Acting-As), or a bound key named another party. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no booking has this id, or it is another customer's or chef's (answered alike). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateBooking: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The booking's id */
                bookingId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateBooking"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Booking"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters; `INVALID_INPUT` more than 20 metadata keys would result. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only; `ACTING_AS_FORBIDDEN` the request does not act for a customer or a chef or the platform (an app key sending no X-Acting-As), or a bound key named another party. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no booking has this id, or it is another customer's or chef's (answered alike). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running; `INVALID_STATE` the metadata changed meanwhile (retry). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    acceptBooking: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description The booking's `ETag` as you last read it (GET /bookings/{bookingId}, or the answer that changed it): the request is refused with 412 PRECONDITION_FAILED, doing nothing, if the booking changed since. Use it so that, say, a chef's accept cannot bind an event time the customer moved after the chef read it. */
                "If-Match"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The booking's id */
                bookingId: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AcceptBooking"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Booking"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `ACTING_AS_REQUIRED` an app key sent no X-Acting-As; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only; `ACTING_AS_FORBIDDEN` the request does not act for a chef, or a bound key named another party. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no booking has this id, or it is another customer's or chef's (answered alike). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running; `RECORD_BUSY` If-Match was sent and a deadline is running on the booking right now; retry shortly; `INVALID_STATE` the booking is not `requested`, or its answer deadline passed; `CHEF_UNAVAILABLE` the chef already holds a booking whose event overlaps this one. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Precondition failed: `PRECONDITION_FAILED` If-Match names a version the booking no longer has: it changed since you read it; nothing was done. */
            412: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelBooking: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description The booking's `ETag` as you last read it (GET /bookings/{bookingId}, or the answer that changed it): the request is refused with 412 PRECONDITION_FAILED, doing nothing, if the booking changed since. Use it so that, say, a chef's accept cannot bind an event time the customer moved after the chef read it. */
                "If-Match"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The booking's id */
                bookingId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CancelBooking"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Booking"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `ACTING_AS_REQUIRED` an app key sent no X-Acting-As; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only; `ACTING_AS_FORBIDDEN` the request does not act for a customer or a chef, or a bound key named another party. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no booking has this id, or it is another customer's or chef's (answered alike). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running; `RECORD_BUSY` If-Match was sent and a deadline is running on the booking right now; retry shortly; `INVALID_STATE` the booking has ended or its event has started. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Precondition failed: `PRECONDITION_FAILED` If-Match names a version the booking no longer has: it changed since you read it; nothing was done. */
            412: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startCheckout: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The booking's id */
                bookingId: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["StartCheckout"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Checkout"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `ACTING_AS_REQUIRED` an app key sent no X-Acting-As; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only; `ACTING_AS_FORBIDDEN` the request does not act for a customer, or a bound key named another party. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no booking has this id, or it is another customer's or chef's (answered alike). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running; `INVALID_STATE` the booking is not `accepted`, or its payment deadline or event has passed. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    declineBooking: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description The booking's `ETag` as you last read it (GET /bookings/{bookingId}, or the answer that changed it): the request is refused with 412 PRECONDITION_FAILED, doing nothing, if the booking changed since. Use it so that, say, a chef's accept cannot bind an event time the customer moved after the chef read it. */
                "If-Match"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The booking's id */
                bookingId: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DeclineBooking"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Booking"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `ACTING_AS_REQUIRED` an app key sent no X-Acting-As; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only; `ACTING_AS_FORBIDDEN` the request does not act for a chef, or a bound key named another party. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no booking has this id, or it is another customer's or chef's (answered alike). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running; `RECORD_BUSY` If-Match was sent and a deadline is running on the booking right now; retry shortly; `INVALID_STATE` the booking is not `requested`. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Precondition failed: `PRECONDITION_FAILED` If-Match names a version the booking no longer has: it changed since you read it; nothing was done. */
            412: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    openDispute: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The booking's id */
                bookingId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OpenDispute"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    /** @description Where the created record is read. */
                    Location?: string;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dispute"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `ACTING_AS_REQUIRED` an app key sent no X-Acting-As; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only; `ACTING_AS_FORBIDDEN` the request does not act for a customer, or a bound key named another party. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no booking has this id, or it is another customer's or chef's (answered alike). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running; `INVALID_STATE` the booking is not paid, closed or completed (e.g. already paid out), or a dispute is open. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    moveEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description The booking's `ETag` as you last read it (GET /bookings/{bookingId}, or the answer that changed it): the request is refused with 412 PRECONDITION_FAILED, doing nothing, if the booking changed since. Use it so that, say, a chef's accept cannot bind an event time the customer moved after the chef read it. */
                "If-Match"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The booking's id */
                bookingId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MoveEvent"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Booking"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `ACTING_AS_REQUIRED` an app key sent no X-Acting-As; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters; `INVALID_INPUT` the new time is sooner than the minimum notice. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only; `ACTING_AS_FORBIDDEN` the request does not act for a customer, or a bound key named another party. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no booking has this id, or it is another customer's or chef's (answered alike). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running; `RECORD_BUSY` If-Match was sent and a deadline is running on the booking right now; retry shortly; `INVALID_STATE` the booking is not `requested` (an accepted or paid one is moved by request), the event is past, or the booking has ended; `CHEF_UNAVAILABLE` the chef is booked for an overlapping event at the new time. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Precondition failed: `PRECONDITION_FAILED` If-Match names a version the booking no longer has: it changed since you read it; nothing was done. */
            412: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requestMove: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The booking's id */
                bookingId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RequestMove"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    /** @description Where the created record is read. */
                    Location?: string;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MoveRequest"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `ACTING_AS_REQUIRED` an app key sent no X-Acting-As; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters; `INVALID_INPUT` the new time is sooner than the minimum notice, too far ahead, or the event's current time. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only; `ACTING_AS_FORBIDDEN` the request does not act for a customer, or a bound key named another party. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no booking has this id, or it is another customer's or chef's (answered alike). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running; `INVALID_STATE` the booking is not `accepted` or `paid` (a `requested` one is moved directly), its event has started, or a move is already pending; `CHEF_UNAVAILABLE` the chef is booked for an overlapping event at the new time. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    payBooking: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description The booking's `ETag` as you last read it (GET /bookings/{bookingId}, or the answer that changed it): the request is refused with 412 PRECONDITION_FAILED, doing nothing, if the booking changed since. Use it so that, say, a chef's accept cannot bind an event time the customer moved after the chef read it. */
                "If-Match"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The booking's id */
                bookingId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayBooking"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Booking"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters; `INVALID_INPUT` the amount or currency is not the booking's price. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only; `ACTING_AS_FORBIDDEN` the request acts for a customer or chef (a bound key, or X-Acting-As): only the platform may. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no booking has this id. */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running; `RECORD_BUSY` If-Match was sent and a deadline is running on the booking right now; retry shortly; `INVALID_STATE` the booking is not `accepted` (e.g. declined or expired), or its payment deadline passed; `IDEMPOTENCY_CONFLICT` the paymentKey already recorded a different movement. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Precondition failed: `PRECONDITION_FAILED` If-Match names a version the booking no longer has: it changed since you read it; nothing was done. */
            412: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDisputes: {
        parameters: {
            query?: {
                /** @description Only records created (openedAt) at or after this instant. */
                createdGte?: string;
                /** @description Only records created (openedAt) before this instant. */
                createdLt?: string;
                /** @description The `nextCursor` of the previous page, with the same filters; left out: the first page. */
                cursor?: string;
                /** @description How many records a page holds (1-100, default 20). */
                limit?: number;
                /** @description Only records in this status. */
                status?: "awaiting_reply" | "awaiting_operator" | "refunded" | "partially_refunded" | "released";
            };
            header?: {
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DisputeList"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `ACTING_AS_FORBIDDEN` the request does not act for a customer or a chef or the platform (an app key sending no X-Acting-As), or a bound key named another party. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` the acting customer or chef does not exist. */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replyToDispute: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The dispute's id */
                disputeId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplyToDispute"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dispute"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `ACTING_AS_REQUIRED` an app key sent no X-Acting-As; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only; `ACTING_AS_FORBIDDEN` the request does not act for a chef, or a bound key named another party. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no dispute has this id, or it is another customer's or chef's (answered alike). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running; `INVALID_STATE` the dispute is not awaiting a reply, or its deadline passed. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description The cursor after which to list (nextCursor of the previous page). */
                after?: string;
                /** @description At most this many events (1 to 500). */
                limit?: number;
                /** @description Only these types (repeat the parameter for several). */
                type?: ("booking.requested" | "booking.accepted" | "booking.declined" | "booking.expired" | "booking.cancelled" | "booking.auto_cancelled" | "booking.paid" | "booking.moved" | "booking.closed" | "booking.completed" | "booking.disputed" | "booking.paid_out" | "booking.refunded" | "booking.settled" | "dispute.opened" | "dispute.replied" | "dispute.resolved" | "dispute.auto_resolved" | "auction.posted" | "auction.bid_placed" | "auction.closed") | ("booking.requested" | "booking.accepted" | "booking.declined" | "booking.expired" | "booking.cancelled" | "booking.auto_cancelled" | "booking.paid" | "booking.moved" | "booking.closed" | "booking.completed" | "booking.disputed" | "booking.paid_out" | "booking.refunded" | "booking.settled" | "dispute.opened" | "dispute.replied" | "dispute.resolved" | "dispute.auto_resolved" | "auction.posted" | "auction.bid_placed" | "auction.closed")[];
            };
            header?: {
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventList"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused: `CURSOR_EXPIRED` the retention deleted events after this cursor (a reader away longer than the retention): resync from the lists, then read from the `after` the message names. */
            410: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: {
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no customer or chef named by X-Acting-As has this id. */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    acceptMove: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The move request's id */
                moveRequestId: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AcceptMove"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MoveRequest"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `ACTING_AS_REQUIRED` an app key sent no X-Acting-As; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only; `ACTING_AS_FORBIDDEN` the request does not act for a chef, or a bound key named another party. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no move request has this id, or it is another customer's or chef's (answered alike). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running; `INVALID_STATE` the request is not pending or its answer deadline passed, or the booking is no longer accepted or paid; `CHEF_UNAVAILABLE` the chef is booked for an overlapping event at the new time. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    declineMove: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The move request's id */
                moveRequestId: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DeclineMove"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MoveRequest"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `ACTING_AS_REQUIRED` an app key sent no X-Acting-As; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only; `ACTING_AS_FORBIDDEN` the request does not act for a chef, or a bound key named another party; `NOT_ALLOWED` the booking's customer may not answer it. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no move request has this id, or it is another customer's or chef's (answered alike). */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running; `INVALID_STATE` the request is not pending, or its answer deadline passed. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: {
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookEndpoint"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    /** @description Where the created record is read. */
                    Location?: string;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running; `WEBHOOK_ENDPOINT_LIMIT` the caller has 20 enabled endpoints, or 100 in all. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The webhook endpoint's id. */
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no webhook endpoint has this id. */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The webhook endpoint's id. */
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedWebhookEndpoint"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no webhook endpoint has this id. */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `INVALID_STATE` a delivery to the endpoint is being sent right now (retry shortly). */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: {
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The webhook endpoint's id. */
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where). */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no webhook endpoint has this id. */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    disableWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The webhook endpoint's id. */
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointReason"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no webhook endpoint has this id. */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    enableWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The webhook endpoint's id. */
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointReason"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no webhook endpoint has this id. */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running; `WEBHOOK_ENDPOINT_LIMIT` the caller has 20 enabled endpoints already. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replayWebhookEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The webhook endpoint's id. */
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplayWebhookEvent"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    /** @description Where the created record is read. */
                    Location?: string;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookReplay"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no webhook endpoint or event has this id. */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running; `INVALID_STATE` the endpoint is disabled. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the POST safe to retry: the first response is stored with the effect and replayed (with `Idempotent-Replayed: true`) for the same key and body. A UUID is a good choice. */
                "Idempotency-Key"?: string;
                /** @description Who an `app` key acts for: `customer:<id>` or `chef:<id>` (required with an app key where the route acts for a party). Left out, an app key acts as the platform itself, which only routes for the platform accept (recording a payment). A `customer` or `chef` key acts as its own party; this may only repeat it. */
                "X-Acting-As"?: string;
            };
            path: {
                /** @description The webhook endpoint's id. */
                endpointId: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RotateWebhookSecret"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description Bad request: `INVALID_ACTING_AS` X-Acting-As is not customer:<id> or chef:<id>; `INVALID_REQUEST_ID` Request-Id is not 1-128 letters, digits and . _ : -; `INVALID_INPUT` the path, query or body does not fit the schema (`issues` says where); `INVALID_JSON` the body is not JSON; `INVALID_IDEMPOTENCY_KEY` the Idempotency-Key is not 1-255 printable ASCII characters. */
            400: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unauthenticated: `UNAUTHENTICATED` no API key, or not a valid one; `API_KEY_REVOKED` the API key was revoked. */
            401: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden: `API_KEY_READ_ONLY` the key is read-only. */
            403: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found: `NOT_FOUND` no webhook endpoint has this id. */
            404: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict: `IDEMPOTENCY_KEY_IN_PROGRESS` the first request with this Idempotency-Key is still running. */
            409: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large: `PAYLOAD_TOO_LARGE` the body is over 64 KiB. */
            413: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` the Content-Type is not application/json. */
            415: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable: `IDEMPOTENCY_KEY_REUSED` the Idempotency-Key was used for a different request. */
            422: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests: `RATE_LIMITED` the key sent more requests this minute than its limit; Retry-After says when to come back. */
            429: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error: `INTERNAL` a bug: logged on the server under the request id. */
            500: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unavailable: `SERVER_BUSY` the API is at capacity (every connection working and the queue for one full, or the turn did not come in time): nothing was done; retry after Retry-After seconds, with jitter; `DATABASE_UNAVAILABLE` the database cannot be reached: nothing was done; retry after Retry-After seconds. */
            503: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Request-Id": components["headers"]["Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
