import { useNavigation } from 'react-router';

/** A thin bar at the top of the window while the next screen loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100"
      role="progressbar"
      aria-label="Loading the next screen"
    >
      <div className="h-full w-1/3 animate-[curator-progress_1.1s_ease-in-out_infinite] bg-brand-600" />
    </div>
  );
}
