import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { useState } from 'react';
import type { DesignAnswer } from '../../../../../shared/api/calls/site-design';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { inDesignOrder } from '../../../lib/public-design';
import { saveDesignOrder } from '../api';

export interface OrderItem {
  key: string;
  label: string;
}

function SortableRow({ item, index, count, move }: { item: OrderItem; index: number; count: number; move: (from: number, to: number) => void }) {
  const { t } = useTranslation('design');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.key });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      component="li"
      aria-label={item.label}
      style={{ transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, transition, opacity: isDragging ? 0.7 : 1, listStyle: 'none' }}
    >
      <Group gap="sm" wrap="nowrap">
        <ActionIcon ref={setActivatorNodeRef} variant="subtle" color="gray" aria-label={t('order.drag', { item: item.label })} style={{ cursor: 'grab' }} {...attributes} {...listeners}>
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        <Text style={{ flex: 1 }}>{item.label}</Text>
        <ActionIcon variant="default" aria-label={t('order.up', { item: item.label })} disabled={index === 0} onClick={() => move(index, index - 1)}>
          <IconArrowUp size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="default" aria-label={t('order.down', { item: item.label })} disabled={index === count - 1} onClick={() => move(index, index + 1)}>
          <IconArrowDown size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/**
 * SPEC §2 site_customize/header_item_order and top_item_order: the items in the designer's order, reordered by
 * dragging (pointer, or keyboard: space picks an item up, the arrow keys move it, space drops it) or with the
 * up/down buttons, then saved as one list of keys.
 */
export function DesignOrderForm({ current, kind, items }: { current: DesignAnswer; kind: 'headerItemOrder' | 'topItemOrder'; items: readonly OrderItem[] }) {
  const { t } = useTranslation('design');
  const [ordered, setOrdered] = useState(() => inDesignOrder(items, (i) => i.key, current.design[kind]));
  const [saving, setSaving] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  // What a screen reader hears while an item is dragged, in the page's language (dnd-kit's own are English).
  const label = (id: string | number | undefined) => items.find((i) => i.key === id)?.label ?? String(id ?? '');
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('order.pickedUp', { item: label(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('order.movedOver', { item: label(active.id), over: label(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('order.dropped', { item: label(active.id), over: label(over.id) }) : t('order.cancelled', { item: label(active.id) })),
    onDragCancel: ({ active }) => t('order.cancelled', { item: label(active.id) }),
  };
  const move = (from: number, to: number) => setOrdered((list) => arrayMove(list, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setOrdered((list) => arrayMove(list, list.findIndex((i) => i.key === active.id), list.findIndex((i) => i.key === over.id)));
  };

  const save = async () => {
    setSaving(true);
    try {
      const orders = { headerItemOrder: current.design.headerItemOrder, topItemOrder: current.design.topItemOrder, [kind]: ordered.map((i) => i.key) };
      await saveDesignOrder({ version: current.version, ...orders });
      toast.success(t('saved'));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" maw={560}>
      <Text size="sm" c="dimmed">
        {t('order.help')}
      </Text>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('order.instructions') } }}
      >
        <SortableContext items={ordered.map((i) => i.key)} strategy={verticalListSortingStrategy}>
          <Stack component="ol" gap={6} p={0} m={0} aria-label={t(`order.${kind}`)}>
            {ordered.map((item, index) => (
              <SortableRow key={item.key} item={item} index={index} count={ordered.length} move={move} />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      <Group>
        <Button onClick={() => void save()} loading={saving}>
          {t('save')}
        </Button>
      </Group>
    </Stack>
  );
}
