package dev.poolscope.testapp.cases.heldcall;

import java.util.Map;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

@RestController
class QuoteController {
    private final Quotes quotes;

    QuoteController(Quotes quotes) {
        this.quotes = quotes;
    }

    /** A GET, so the generic plans drive it ({@code ping-1000 path=/quotes/SKU}). */
    @GetMapping("/quotes/{sku}")
    Map<String, Object> quote(@PathVariable String sku) {
        return quotes.quote(sku);
    }
}
