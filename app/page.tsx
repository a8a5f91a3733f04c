// The dashboard opens on the agenda.
import { redirect } from "next/navigation";

export default function HomePage() {
  redirect("/agenda");
}
