/**
 * The list's filters. Those a summary can answer are applied on the page as exchanges arrive
 * (inspector/format.ts, `matches`); the text is looked for in the bodies by the server.
 */
import { useState } from "react";
import type { Filters } from "./api";

export const NO_FILTERS: Filters = { path: "", name: "", member: "", requestId: "", status: "", fault: false, text: "" };

export function FiltersForm({ filters, names, members, onChange }: { filters: Filters; names: string[]; members: string[]; onChange: (filters: Filters) => void }) {
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => onChange({ ...filters, [key]: value });
  const active = (Object.keys(NO_FILTERS) as (keyof Filters)[]).filter((key) => filters[key] !== NO_FILTERS[key]).length;
  // On a phone the filters fold away behind a button, so the list starts on the first screen.
  const [unfolded, setUnfolded] = useState(false);
  return (
    <>
      <button type="button" className="button filters__toggle" aria-expanded={unfolded} aria-controls="filters" onClick={() => setUnfolded(!unfolded)}>
        {unfolded ? "Hide filters" : "Filters"}
        {active > 0 ? <span className="filters__count">{active} on</span> : null}
      </button>
      <form role="search" aria-label="Filter exchanges" id="filters" className={`filters${unfolded ? " filters--unfolded" : ""}`} onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor="filter-path">Path</label>
          <input id="filter-path" type="search" value={filters.path} onChange={(event) => set("path", event.target.value)} placeholder="contains…" spellCheck={false} />
        </div>
        <div className="field">
          <label htmlFor="filter-name">Function or endpoint</label>
          <select id="filter-name" value={filters.name} onChange={(event) => set("name", event.target.value)}>
            <option value="">Any</option>
            {names.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-member">Member</label>
          <select id="filter-member" value={filters.member} onChange={(event) => set("member", event.target.value)}>
            <option value="">Any</option>
            {members.map((member) => (
              <option key={member}>{member}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-request-id">Request id</label>
          <input
            id="filter-request-id"
            type="search"
            value={filters.requestId}
            onChange={(event) => set("requestId", event.target.value)}
            placeholder="one page load…"
            spellCheck={false}
            autoComplete="off"
          />
        </div>
        <div className="field field--narrow">
          <label htmlFor="filter-status">Status</label>
          <select id="filter-status" value={filters.status} onChange={(event) => set("status", event.target.value as Filters["status"])}>
            <option value="">Any</option>
            <option value="2xx">2xx</option>
            <option value="3xx">3xx</option>
            <option value="4xx">4xx</option>
            <option value="5xx">5xx</option>
            <option value="cut">cut</option>
          </select>
        </div>
        <div className="field field--wide">
          <label htmlFor="filter-text">Text in bodies</label>
          <input id="filter-text" type="search" value={filters.text} onChange={(event) => set("text", event.target.value)} placeholder="decrypted too…" spellCheck={false} />
        </div>
        <label className="toggle">
          <input type="checkbox" checked={filters.fault} onChange={(event) => set("fault", event.target.checked)} />
          Faulted only
        </label>
        {active > 0 ? (
          <button type="button" className="button button--quiet" onClick={() => onChange(NO_FILTERS)}>
            Reset filters
          </button>
        ) : null}
      </form>
    </>
  );
}
