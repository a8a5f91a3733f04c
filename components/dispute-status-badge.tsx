// A dispute's status as a pill; the colour is a hint, the words carry the meaning.
const looks: Record<string, { className: string; words: string }> = {
  awaiting_reply: { className: "badge-running", words: "awaiting the chef" },
  awaiting_operator: { className: "badge-pending", words: "awaiting an operator" },
  refunded: { className: "badge-succeeded", words: "refunded" },
  partially_refunded: { className: "badge-succeeded", words: "partly refunded" },
  released: { className: "badge-succeeded", words: "released to the chef" },
};

export function DisputeStatusBadge({ status }: { status: string }) {
  const look = looks[status] ?? { className: "badge-cancelled", words: status };
  return <span className={`badge ${look.className}`}>{look.words}</span>;
}
