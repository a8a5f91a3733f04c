// A plain HTML form that POSTs to /sign-in/submit (a route handler): it needs no JavaScript, so
// it works the same whether the page's scripts have loaded or not, and `method="post"` keeps the
// password out of the URL even if a browser or a password manager submits it early.
export function SignInForm({ next, error, email }: { next: string; error: string | null; email: string }) {
  return (
    <form className="form card" method="post" action="/sign-in/submit" aria-describedby={error ? "sign-in-error" : undefined}>
      <input type="hidden" name="next" value={next} />
      <label>
        Email
        <input name="email" type="email" autoComplete="username" required defaultValue={email} autoFocus={!email} />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required autoFocus={!!email} />
      </label>
      {error ? (
        <p id="sign-in-error" role="alert" className="notice notice-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button-primary">
        Sign in
      </button>
    </form>
  );
}
