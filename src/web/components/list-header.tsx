import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A list page's title with its buttons (export, import, "Novo") on the right, wrapping below. */
export function ListHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap={12} wrap>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Flex gap={8} wrap>
        {children}
      </Flex>
    </Flex>
  );
}
