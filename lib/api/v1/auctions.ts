// The auctions endpoints of /api/v1.
import { z } from "zod";
import { auctionView, bidView, placeBidInput, postAuctionInput } from "../../marketplace/index.ts";
import { defineEndpoint, idParam } from "../endpoint.ts";
import { domainInput, invalidState, notFound, notFoundOrNotYours } from "./marketplace-errors.ts";

export const Auction = auctionView.meta({ id: "Auction" });
export const Bid = bidView.meta({ id: "Bid" });
const auctionParams = z.object({ auctionId: idParam("The auction's id") });

export const postAuctionEndpoint = defineEndpoint({
  operationId: "postAuction",
  method: "post",
  path: "/auctions",
  summary: "Post a request for bids (the customer)",
  description: "Closes at `closesAt`: the lowest bid wins and becomes a booking request to that chef; no bids, it expires.",
  tag: "Auctions",
  parties: ["customer"],
  body: postAuctionInput.meta({ id: "PostAuction" }),
  response: Auction,
  successStatus: 201,
  location: (auction) => `/auctions/${auction.id}`,
  errors: [notFound("customer"), domainInput("closesAt is too soon, or the event is too soon after it")],
});

export const getAuctionEndpoint = defineEndpoint({
  operationId: "getAuction",
  method: "get",
  path: "/auctions/{auctionId}",
  summary: "An auction with its bids",
  description:
    "Bids are sealed: the customer who posted the auction sees every bid, a chef only its own (and the booking it made only if that chef won). Another customer's auction answers as one that does not exist.",
  tag: "Auctions",
  parties: ["customer", "chef"],
  params: auctionParams,
  response: Auction,
  successStatus: 200,
  errors: [notFoundOrNotYours("auction"), notFound("chef (the acting chef does not exist)")],
});

export const placeBidEndpoint = defineEndpoint({
  operationId: "placeBid",
  method: "post",
  path: "/auctions/{auctionId}/bids",
  summary: "Bid on an open auction (the chef)",
  description:
    "One bid per chef, and it only goes down: bidding again must offer a lower price, which replaces the bid (and its time). The same price again changes nothing and answers the bid as it stands, keeping its time, which wins a tie (the earliest bid at the lowest price wins). A higher price is refused.",
  tag: "Auctions",
  parties: ["chef"],
  params: auctionParams,
  body: placeBidInput.omit({ auctionId: true }).meta({ id: "PlaceBid" }),
  response: Bid,
  successStatus: 201,
  location: (bid) => `/auctions/${bid.auctionId}`,
  errors: [notFound("auction or chef"), invalidState("the auction is closed or past its closing time"), domainInput("the bid is above the auction's maximum, or not lower than the chef's current bid")],
});
