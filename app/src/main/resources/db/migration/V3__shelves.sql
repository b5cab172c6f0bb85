-- The N+1 case (issue 24): 100 shelves of 100 items, each item a different product, which an ORM user loads one by
-- one through a lazy association. 10 000 rows: a few hundred ms at start-up.
CREATE TABLE shelf (
    id   BIGINT PRIMARY KEY,
    name VARCHAR(120) NOT NULL
);

CREATE TABLE shelf_item (
    id         BIGINT PRIMARY KEY,
    shelf_id   BIGINT  NOT NULL REFERENCES shelf (id),
    product_id BIGINT  NOT NULL REFERENCES product (id),
    position   INTEGER NOT NULL
);

CREATE INDEX shelf_item_shelf ON shelf_item (shelf_id, position);

INSERT INTO shelf (id, name)
SELECT g, 'Shelf ' || g FROM generate_series(1, 100) AS g;

-- (g - 1) * 37 % 10000 runs through every product once: no two items share a product.
INSERT INTO shelf_item (id, shelf_id, product_id, position)
SELECT g, 1 + (g - 1) / 100, 1 + (g - 1) * 37 % 10000, 1 + (g - 1) % 100
FROM generate_series(1, 10000) AS g;
