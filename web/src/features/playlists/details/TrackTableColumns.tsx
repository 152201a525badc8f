/** Which optional columns the track table shows. */
export interface TrackColumns {
  locks: boolean;
  removalDates: boolean;
  actions: boolean;
}

/** The track table's column widths and its header row. */
export function TrackTableColumns({
  columns,
  headerRowIndex,
}: {
  columns: TrackColumns;
  /** aria-rowindex of the header row when the body is virtual (TrackRows.tsx). */
  headerRowIndex: number | undefined;
}) {
  return (
    <>
      <colgroup>
        <col className="w-12" />
        <col />
        <col className="hidden w-[20%] lg:table-column" />
        <col className="hidden w-20 md:table-column" />
        {columns.locks && <col className="w-20" />}
        {columns.removalDates && <col className="w-48" />}
        {columns.actions && <col className="w-28" />}
      </colgroup>
      <thead className="border-b border-slate-200 text-xs font-medium text-slate-500">
        <tr aria-rowindex={headerRowIndex}>
          <th scope="col" className="px-3 py-2 text-right">
            #
          </th>
          <th scope="col" className="py-2 pr-3">
            Title
          </th>
          <th scope="col" className="hidden py-2 pr-3 lg:table-cell">
            Album
          </th>
          <th scope="col" className="hidden py-2 pr-4 text-right md:table-cell">
            Duration
          </th>
          {columns.locks && (
            <th scope="col" className="py-2 pr-3">
              Lock
            </th>
          )}
          {columns.removalDates && (
            <th scope="col" className="py-2 pr-3">
              Removal date
            </th>
          )}
          {columns.actions && (
            <th scope="col" className="py-2 pr-3 text-right">
              <span className="sr-only">Actions</span>
            </th>
          )}
        </tr>
      </thead>
    </>
  );
}
