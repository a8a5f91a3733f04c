// The auctions endpoints of /api/v1.
import { z } from "zod";
import { auctionView, bidView, placeBidInput, postAuctionInput } from "../../marketplace/index.ts";
import { defineEndpoint, idParam } from "../endpoint.ts";
import { domainInput, invalidState, notAllowed, notFound } from "./marketplace-errors.ts";

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
  errors: [notFound("customer"), domainInput("closesAt is too soon, or the event is too soon after it")],
});

export const getAuctionEndpoint = defineEndpoint({
  operationId: "getAuction",
  method: "get",
  path: "/auctions/{auctionId}",
  summary: "An auction with its bids",
  tag: "Auctions",
  parties: ["customer", "chef"],
  params: auctionParams,
  response: Auction,
  successStatus: 200,
  errors: [notFound("auction"), notAllowed("the auction is another customer's")],
});

export const placeBidEndpoint = defineEndpoint({
  operationId: "placeBid",
  method: "post",
  path: "/auctions/{auctionId}/bids",
  summary: "Bid on an open auction (the chef)",
  description: "One bid per chef: bidding again replaces the price while the auction is open.",
  tag: "Auctions",
  parties: ["chef"],
  params: auctionParams,
  body: placeBidInput.omit({ auctionId: true }).meta({ id: "PlaceBid" }),
  response: Bid,
  successStatus: 201,
  errors: [notFound("auction or chef"), invalidState("the auction is closed or past its closing time"), domainInput("the bid is above the auction's maximum or in another currency")],
});
