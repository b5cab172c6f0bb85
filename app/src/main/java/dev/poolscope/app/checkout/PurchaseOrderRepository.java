package dev.poolscope.app.checkout;

import org.springframework.data.jpa.repository.JpaRepository;

interface PurchaseOrderRepository extends JpaRepository<PurchaseOrder, Long> {
}
