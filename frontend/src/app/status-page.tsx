import { useHealth } from '../api/health';
import { describeHealth, type Tone } from '../lib/health-status';

const toneColour: Record<Tone, string> = { good: '#2b7a0b', waiting: '#8a6d00', bad: '#b00020' };

/**
 * The console is built in later issues ("React console shell" and after); until then this page says so plainly
 * and shows whether the gateway and its database are up, so `just run` visibly works end to end.
 */
export function StatusPage() {
  const health = useHealth();
  const status = describeHealth(health.data, health.isError);
  return (
    <main
      style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '4rem auto', padding: '0 1rem' }}
    >
      <h1>Metro PMIS</h1>
      <p>Project-management information system of the metro rail programme.</p>
      <p
        role="status"
        data-testid="health-status"
        style={{ color: toneColour[status.tone], fontWeight: 600 }}
      >
        {status.text}
      </p>
      <p>
        The console screens (sign-in, navigation, masters, data entry) are not built yet: this page only
        confirms that the gateway serves the application. Path: <code>{window.location.pathname}</code>
      </p>
    </main>
  );
}
