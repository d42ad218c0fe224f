/**
 * The simulated host's own screens: its cashier's sheet and, on the sandbox, its dev panel. One chunk,
 * loaded by the app frame only once the simulated host answers (components/app-frame.tsx), so a member
 * inside the wallet never downloads them.
 */
import { HostDevPanel } from "./host-dev-panel";
import { SimulatedCashier } from "./simulated-cashier";

export default function SimulatedHostScreens({ walletUrl }: { walletUrl: string | null }) {
  return (
    <>
      <SimulatedCashier walletUrl={walletUrl} />
      {walletUrl ? <HostDevPanel /> : null}
    </>
  );
}
