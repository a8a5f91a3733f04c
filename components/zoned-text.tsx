// A text someone or something wrote (an error, a reason, a timeline's detail) with the instants
// in it shown in the operator's zone (lib/time/zoned-text.ts); the text as recorded is its title.
// Isolated (<bdi>) like all such text, so direction marks in it cannot move the labels beside it.
import { instantsInZone } from "@/lib/time/zoned-text.ts";

export function ZonedText({ text, zone }: { text: string; zone: string }) {
  const shown = instantsInZone(text, zone);
  return shown === text ? <bdi>{text}</bdi> : <bdi title={text}>{shown}</bdi>;
}
