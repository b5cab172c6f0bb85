CREATE TABLE product (
    id          BIGINT PRIMARY KEY,
    name        VARCHAR(120)   NOT NULL,
    description TEXT           NOT NULL,
    price       NUMERIC(10, 2) NOT NULL
);

CREATE TABLE stock (
    product_id BIGINT PRIMARY KEY REFERENCES product (id),
    quantity   INTEGER NOT NULL CHECK (quantity >= 0)
);

CREATE TABLE purchase_order (
    id         BIGSERIAL PRIMARY KEY,
    user_id    BIGINT         NOT NULL,
    product_id BIGINT         NOT NULL REFERENCES product (id),
    quantity   INTEGER        NOT NULL,
    total      NUMERIC(12, 2) NOT NULL,
    created_at TIMESTAMPTZ    NOT NULL DEFAULT now()
);

CREATE INDEX purchase_order_user ON purchase_order (user_id);
