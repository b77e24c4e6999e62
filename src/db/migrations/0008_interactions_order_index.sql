-- An AI employee's records by its id: its claim gives them their customer, and deleting it cascades without scanning every record.
CREATE INDEX "interactions_order_idx" ON "interactions" USING btree ("ai_ready_order_id");
