/** One in-app notice as GET /api/notices answers it. */
export type CustomerNotice = { id: string; kind: string; title: string; message: string; createdAt: string };
