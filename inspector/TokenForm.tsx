/**
 * What the page shows when the API answers 401: a sandbox (or recorder) bound beyond loopback wants
 * its control token, which the page then keeps for the tab's session (inspector/api.ts).
 */
import { useState, type FormEvent } from "react";

export function TokenForm({ refused, onToken }: { refused: boolean; onToken: (token: string) => void }) {
  const [token, setToken] = useState("");
  function submit(event: FormEvent) {
    event.preventDefault();
    if (token.trim()) onToken(token.trim());
  }
  return (
    <form className="token panel" onSubmit={submit} aria-labelledby="token-title">
      <h2 id="token-title">This sandbox needs its control token</h2>
      <p className="note">
        It listens beyond loopback, so its controls and this page ask for the token it was started with (<code>--control-token</code>, or the one it printed).
      </p>
      {refused ? <p className="note note--danger">That token was refused.</p> : null}
      <div className="field">
        <label htmlFor="control-token">Control token</label>
        <input id="control-token" type="password" autoComplete="off" value={token} onChange={(event) => setToken(event.target.value)} required />
      </div>
      <button type="submit" className="button button--primary">
        Connect
      </button>
    </form>
  );
}
