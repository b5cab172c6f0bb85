package dev.poolscope.app.shelf;

import org.springframework.data.jpa.repository.JpaRepository;

interface ShelfRepository extends JpaRepository<Shelf, Long> {
}
