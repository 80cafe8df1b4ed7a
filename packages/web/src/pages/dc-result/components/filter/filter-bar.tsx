import { FilterOutlined } from "@ant-design/icons";
import { Button, Space, Tag } from "antd";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useResults } from "../../hooks/results-context.ts";
import { filterParts, isFilterActive } from "../../lib/filter-model.ts";

// The condition builder comes from the designer; it loads when the dialog first opens.
const FilterDialog = lazy(() => import("./filter-dialog.tsx").then((m) => ({ default: m.FilterDialog })));

/** 筛选 button and, while a filter is in force, the 已筛选 chip that clears it. */
export function FilterBar() {
  const { filter, setFilter } = useResults();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const active = isFilterActive(filter);
  // The dialog unmounts at once, before antd could hand focus back; once it is gone (and its focus trap
  // with it), keyboard users continue from 筛选.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const close = () => setOpen(false);
  return (
    <Space size={8} className="wj-filter-bar">
      {active && (
        <Tag
          color="blue"
          closable
          closeIcon
          data-testid="filter-chip"
          className="wj-filter-bar__chip"
          onClose={() => setFilter({})}
        >
          已筛选：{filterParts(filter).join("，")}
        </Tag>
      )}
      <Button
        ref={buttonRef}
        icon={<FilterOutlined />}
        type={active ? "primary" : "default"}
        onClick={() => setOpen(true)}
      >
        筛选
      </Button>
      {open && (
        <Suspense fallback={null}>
          <FilterDialog
            filter={filter}
            onApply={(next) => {
              setFilter(next);
              close();
            }}
            onClose={close}
          />
        </Suspense>
      )}
    </Space>
  );
}
