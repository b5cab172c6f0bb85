-- 10 000 products: enough that a cache matters. Stock is large so load tests never sell out;
-- tests that need a sell-out set a row's quantity themselves.
INSERT INTO product (id, name, description, price)
SELECT g,
       'Product ' || g,
       'Lab product number ' || g || '. ' || repeat('A sturdy, well reviewed thing that people keep buying. ', 4),
       round((5 + (g * 37 % 9500) / 10.0)::numeric, 2)
FROM generate_series(1, 10000) AS g;

INSERT INTO stock (product_id, quantity)
SELECT g, 1000000 FROM generate_series(1, 10000) AS g;
