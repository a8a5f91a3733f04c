// The dashboard opens on the overview.
import { redirect } from "next/navigation";

export default function HomePage() {
  redirect("/overview");
}
