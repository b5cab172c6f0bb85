CREATE TABLE orders (id BIGINT PRIMARY KEY, customer VARCHAR(64) NOT NULL, total DECIMAL(10, 2) NOT NULL,
    invoiced INT NOT NULL DEFAULT 0);
INSERT INTO orders (id, customer, total)
    SELECT x, 'customer-' || x, x * 1.25 FROM SYSTEM_RANGE(1, 1000);
