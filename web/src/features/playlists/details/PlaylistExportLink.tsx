import { CsvDownloadLink } from '../../../shared/ui/CsvDownloadLink';

export function PlaylistExportLink({ playlistId }: { playlistId: string }) {
  return (
    <CsvDownloadLink
      href={`/api/exports/playlist/${encodeURIComponent(playlistId)}`}
      label="Download CSV"
    />
  );
}
